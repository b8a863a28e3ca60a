package dev.tracedeck.importers.langchain;

/** A LangChain message whose fields are not what LangChain writes; the reason says which. */
public final class MalformedLangChainMessageException extends Exception {
    MalformedLangChainMessageException(String reason) {
        super(reason, null, false, false);
    }
}
