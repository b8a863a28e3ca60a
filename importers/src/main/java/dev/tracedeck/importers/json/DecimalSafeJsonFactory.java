package dev.tracedeck.importers.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.IOContext;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import dev.tracedeck.model.text.PythonText;
import java.io.DataInput;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;

/**
 * A JSON factory whose parsers report a number {@link BigDecimal} cannot hold ({@code 1e6789012345678901234567890})
 * as a parse error at the number, like any other malformed JSON. Jackson throws a bare
 * {@link NumberFormatException} there, which no reader expects: one such number on one line would otherwise end
 * the whole import instead of marking that line malformed.
 */
final class DecimalSafeJsonFactory extends JsonFactory {

    private static final long serialVersionUID = 1L;
    /** How much of the number the error shows: the start says which number it was. */
    private static final int NUMBER_SHOWN = 40;

    DecimalSafeJsonFactory(JsonFactoryBuilder builder) {
        super(builder);
    }

    DecimalSafeJsonFactory() {
        this(new JsonFactoryBuilder());
    }

    @Override
    protected JsonParser _createParser(InputStream in, IOContext context) throws IOException {
        return new Guarded(super._createParser(in, context));
    }

    @Override
    protected JsonParser _createParser(Reader r, IOContext context) throws IOException {
        return new Guarded(super._createParser(r, context));
    }

    @Override
    protected JsonParser _createParser(char[] data, int offset, int len, IOContext context, boolean recyclable)
            throws IOException {
        return new Guarded(super._createParser(data, offset, len, context, recyclable));
    }

    @Override
    protected JsonParser _createParser(byte[] data, int offset, int len, IOContext context) throws IOException {
        return new Guarded(super._createParser(data, offset, len, context));
    }

    @Override
    protected JsonParser _createParser(DataInput input, IOContext context) throws IOException {
        return new Guarded(super._createParser(input, context));
    }

    private static final class Guarded extends JsonParserDelegate {

        Guarded(JsonParser parser) {
            super(parser);
        }

        // The delegate leaves these to JsonParser's defaults, which go through nextToken and word their errors
        // differently from the parser's own: handed on, every error reads as it does without the guard.

        @Override
        public String nextFieldName() throws IOException {
            return delegate.nextFieldName();
        }

        @Override
        public boolean nextFieldName(SerializableString name) throws IOException {
            return delegate.nextFieldName(name);
        }

        @Override
        public String nextTextValue() throws IOException {
            return delegate.nextTextValue();
        }

        @Override
        public int nextIntValue(int defaultValue) throws IOException {
            return delegate.nextIntValue(defaultValue);
        }

        @Override
        public long nextLongValue(long defaultValue) throws IOException {
            return delegate.nextLongValue(defaultValue);
        }

        @Override
        public Boolean nextBooleanValue() throws IOException {
            return delegate.nextBooleanValue();
        }

        @Override
        public BigDecimal getDecimalValue() throws IOException {
            try {
                return super.getDecimalValue();
            } catch (NumberFormatException e) {
                throw tooLarge();
            }
        }

        @Override
        public Number getNumberValue() throws IOException {
            try {
                return super.getNumberValue();
            } catch (NumberFormatException e) {
                throw tooLarge();
            }
        }

        @Override
        public Number getNumberValueExact() throws IOException {
            try {
                return super.getNumberValueExact();
            } catch (NumberFormatException e) {
                throw tooLarge();
            }
        }

        private JsonParseException tooLarge() throws IOException {
            return new JsonParseException(this, "a number too large to read: "
                    + PythonText.abbreviate(getText(), NUMBER_SHOWN), currentTokenLocation());
        }
    }
}
