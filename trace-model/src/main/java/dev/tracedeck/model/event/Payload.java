package dev.tracedeck.model.event;

import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.state.SnapshotDiff;
import dev.tracedeck.model.state.StateSnapshot;
import dev.tracedeck.model.text.PythonText;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/** What an {@link Event} says, by kind. Each kind is a record; dispatch with {@link #kind()} or {@code instanceof}. */
public sealed interface Payload {

    EventKind kind();

    /** One line for the timeline's summary column. */
    String summary();

    /**
     * A conversation message fed to the agent. Immutable; equal to another when all four parts are, as record
     * components would be.
     *
     * <p>A class rather than a record so that it takes 24 bytes, not 32: a chat file is millions of these, one beside
     * each message. Whether the preview was cut is held in the sign of the full length, which is not negative in any
     * log read so far; a message whose full length is negative keeps its index, length and cut in an object of their
     * own instead of the index.
     */
    final class ConversationMessage implements Payload {

        private final Message message;
        /** The index ({@link OptionalInt}), or an {@link Unusual} holding the index, the length and the cut. */
        private final Object index;
        /** The full length when the preview is not cut, its complement when it is; 0 when {@link #index} is unusual. */
        private final int lengthAndCut;

        /**
         * @param msgIdx     the message's index in the conversation, when logged
         * @param fullLength the full length in characters when the log gave it (Mycelian's {@code chars=}), else the
         *                   length of the content shown
         * @param previewCut true when the content is a preview the log cut
         */
        public ConversationMessage(Message message, OptionalInt msgIdx, int fullLength, boolean previewCut) {
            this.message = Objects.requireNonNull(message);
            Objects.requireNonNull(msgIdx);
            if (fullLength >= 0) {
                this.index = SharedInts.of(msgIdx);
                this.lengthAndCut = previewCut ? ~fullLength : fullLength;
            } else {
                this.index = new Unusual(msgIdx, fullLength, previewCut);
                this.lengthAndCut = 0;
            }
        }

        /** What a message whose full length is negative holds, which the usual fields cannot. */
        private record Unusual(OptionalInt msgIdx, int fullLength, boolean previewCut) {
        }

        public Message message() {
            return message;
        }

        /** The message's index in the conversation, when logged. */
        public OptionalInt msgIdx() {
            return index instanceof OptionalInt i ? i : ((Unusual) index).msgIdx();
        }

        /**
         * The full length in characters when the log gave it (Mycelian's {@code chars=}), else the length of the
         * content shown.
         */
        public int fullLength() {
            if (index instanceof Unusual u) {
                return u.fullLength();
            }
            return lengthAndCut < 0 ? ~lengthAndCut : lengthAndCut;
        }

        /** True when the content is a preview the log cut. */
        public boolean previewCut() {
            return index instanceof Unusual u ? u.previewCut() : lengthAndCut < 0;
        }

        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            return o instanceof ConversationMessage other && fullLength() == other.fullLength()
                    && previewCut() == other.previewCut() && msgIdx().equals(other.msgIdx())
                    && message.equals(other.message);
        }

        @Override
        public int hashCode() {
            return Objects.hash(message, msgIdx(), fullLength(), previewCut());
        }

        @Override
        public String toString() {
            return "ConversationMessage[message=" + message + ", msgIdx=" + msgIdx() + ", fullLength=" + fullLength()
                    + ", previewCut=" + previewCut() + "]";
        }

        /**
         * {@link EventKind#TOOL_CALL} for a message that calls tools, {@link EventKind#RESULT} for a tool's
         * result (see {@link Message#isToolResult()}), {@link EventKind#MESSAGE} otherwise.
         */
        @Override
        public EventKind kind() {
            if (!message.toolCalls().isEmpty()) {
                return EventKind.TOOL_CALL;
            }
            return message.isToolResult() ? EventKind.RESULT : EventKind.MESSAGE;
        }

        /** "#3 assistant: text", "#4 assistant → get_weather({…})", "#5 tool ← call_abc: 22°C". */
        @Override
        public String summary() {
            StringBuilder s = new StringBuilder();
            msgIdx().ifPresent(i -> s.append('#').append(i).append(' '));
            s.append(message.role());
            if (!message.toolCallId().isEmpty()) {
                s.append(" ← ").append(message.toolCallId());
            }
            if (!message.toolCalls().isEmpty()) {
                s.append(" →");
                for (ToolCall call : message.toolCalls()) {
                    s.append(' ').append(call.name()).append('(').append(call.rawArguments().strip()).append(')');
                }
                if (!message.content().isBlank()) {
                    s.append(" ·");
                }
            }
            if (message.toolCalls().isEmpty() || !message.content().isBlank()) {
                s.append(message.toolCalls().isEmpty() ? ": " : " ").append(message.content());
            }
            return oneLine(s.toString());
        }
    }

    /** A control message that drives the agent's housekeeping (SESSION_START, FLUSH_CONTEXT, SESSION_END). */
    record ControlMessage(String content) implements Payload {
        public ControlMessage {
            Objects.requireNonNull(content);
        }

        @Override
        public EventKind kind() {
            return EventKind.CONTROL;
        }

        @Override
        public String summary() {
            return oneLine(content);
        }
    }

    /** A dump of the agent's state and what changed since the thread's previous dump. */
    record StateDump(StateSnapshot snapshot, SnapshotDiff diff) implements Payload {
        public StateDump {
            Objects.requireNonNull(snapshot);
            Objects.requireNonNull(diff);
        }

        @Override
        public EventKind kind() {
            return EventKind.STATE;
        }

        @Override
        public String summary() {
            if (!snapshot.hasMessageList()) {
                return "state " + snapshot.stateType() + (snapshot.keys().isEmpty() ? "" : " keys=" + snapshot.keys());
            }
            String incomplete = snapshot.isIncomplete() ? " (header said " + snapshot.declaredSize() + ")" : "";
            return count(snapshot.size(), "message", "messages") + " " + diff.summary() + incomplete;
        }
    }

    /**
     * A tool call the agent made, or planned ({@code TOOL_PLAN}: the model asked for it, before it ran).
     *
     * @param role   the role of the conversation message being handled ("" for control messages or when unknown)
     * @param msgIdx the index of the conversation message being handled, when logged
     */
    record ToolInvocation(ToolCall call, boolean planned, String role, OptionalInt msgIdx) implements Payload {
        public ToolInvocation {
            Objects.requireNonNull(call);
            Objects.requireNonNull(role);
            msgIdx = SharedInts.of(msgIdx);
        }

        @Override
        public EventKind kind() {
            return planned ? EventKind.TOOL_PLAN : EventKind.TOOL_CALL;
        }

        @Override
        public String summary() {
            return call.name() + " " + oneLine(call.rawArguments());
        }
    }

    /** A call to the model: how many messages went in, or how many tool calls came back. */
    record LlmCall(OptionalInt curatedMessages, OptionalInt toolCalls) implements Payload {
        public LlmCall {
            curatedMessages = SharedInts.of(curatedMessages);
            toolCalls = SharedInts.of(toolCalls);
        }

        @Override
        public EventKind kind() {
            return EventKind.LLM_CALL;
        }

        @Override
        public String summary() {
            StringBuilder s = new StringBuilder();
            curatedMessages.ifPresent(n -> s.append(count(n, "message", "messages")).append(" in"));
            toolCalls.ifPresent(n -> s.append(s.isEmpty() ? "" : ", ").append(count(n, "tool call", "tool calls")).append(" out"));
            return s.toString();
        }
    }

    /** What an agent invocation returned, as logged. */
    record AgentResult(String messages) implements Payload {
        public AgentResult {
            Objects.requireNonNull(messages);
        }

        @Override
        public EventKind kind() {
            return EventKind.RESULT;
        }

        @Override
        public String summary() {
            return "messages=" + oneLine(messages);
        }
    }

    /** An agent invocation that failed, with what the log said of it. */
    record AgentError(String message) implements Payload {
        public AgentError {
            Objects.requireNonNull(message);
        }

        @Override
        public EventKind kind() {
            return EventKind.ERROR;
        }

        @Override
        public String summary() {
            return oneLine(message);
        }
    }

    /**
     * A line of the run's bookkeeping (RUN, SESSION_START, QA_START …) with its {@code key=value} fields in
     * order; the text after the last field is in {@link #rest()} (e.g. an indented JSON dump).
     */
    record RunMarker(List<Field> fields, String rest) implements Payload {
        public RunMarker {
            fields = List.copyOf(fields);
            Objects.requireNonNull(rest);
        }

        public Optional<String> field(String key) {
            return fields.stream().filter(f -> f.key().equals(key)).map(Field::value).findFirst();
        }

        @Override
        public EventKind kind() {
            return EventKind.MARKER;
        }

        @Override
        public String summary() {
            StringBuilder s = new StringBuilder();
            for (Field f : fields) {
                s.append(s.isEmpty() ? "" : " ").append(f.key()).append('=').append(f.value());
            }
            if (!rest.isBlank()) {
                s.append(s.isEmpty() ? "" : " ").append(rest);
            }
            return oneLine(s.toString());
        }
    }

    /**
     * A structured JSON record, such as {@code {"event": "llm_call", ...}}, a span or an agent's step.
     *
     * @param kind {@link EventKind#JSON}, or {@link EventKind#SPAN} / {@link EventKind#STEP} for the records that are
     *             one of those
     */
    record JsonRecord(String eventName, JsonValue json, EventKind kind) implements Payload {
        public JsonRecord {
            Objects.requireNonNull(eventName);
            Objects.requireNonNull(json);
            Objects.requireNonNull(kind);
        }

        public JsonRecord(String eventName, JsonValue json) {
            this(eventName, json, EventKind.JSON);
        }

        @Override
        public String summary() {
            return eventName + " " + oneLine(json.toCompactString());
        }
    }

    /**
     * A record that was kept without being understood: {@code malformed} when it carried a known keyword
     * whose fields did not parse (the reason says why), otherwise a line with no known keyword.
     */
    record Unparsed(boolean malformed, String reason) implements Payload {
        public Unparsed {
            Objects.requireNonNull(reason);
        }

        @Override
        public EventKind kind() {
            return malformed ? EventKind.MALFORMED : EventKind.OTHER;
        }

        @Override
        public String summary() {
            return reason;
        }
    }

    /** A {@code key=value} field of a log line. */
    record Field(String key, String value) {
        public Field {
            Objects.requireNonNull(key);
            Objects.requireNonNull(value);
        }
    }

    /** "1 message", "2 messages": summaries are read by people, who notice "1 messages". */
    static String count(int n, String singular, String plural) {
        return n + " " + (n == 1 ? singular : plural);
    }

    private static String oneLine(String s) {
        String flat = s.indexOf('\n') < 0 && s.indexOf('\r') < 0 ? s : s.replace("\r", "").replace('\n', '⏎');
        return PythonText.abbreviate(flat, 300);
    }
}
