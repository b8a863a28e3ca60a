package dev.tracedeck.cli.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Marking a finding confirmed, false-positive or accepted (or clearing the mark), as {@code tracedeck triage} does: a
 * person's judgement kept in the workspace, so the server lists it only when started with {@code --allow-writes}.
 */
final class TriageTool {

    private TriageTool() {
    }

    static final String NAME = "triage";

    /** @param allowed whether the server was started with {@code --allow-writes}; if not, a call says how to allow it */
    static Tool of(Workbench workbench, ObjectMapper mapper, boolean allowed) {
        return new Tool(NAME, "Mark a finding confirmed, false-positive or accepted, with a note, in the workspace, "
                + "as `tracedeck triage` does; clear takes the mark off. The mark holds in every run with the same "
                + "fingerprint, and `validate --baseline workspace` leaves out findings marked accepted or false-positive.",
                "\"fingerprint\": {\"type\": \"string\", \"description\": \"The finding's fingerprint (validate gives it), "
                        + "or a unique prefix of at least 8 characters.\"},"
                        + "\"status\": {\"type\": \"string\", \"enum\": [\"confirmed\", \"false-positive\", \"accepted\", \"clear\"]},"
                        + "\"note\": {\"type\": \"string\", \"description\": \"Why.\"}",
                "\"fingerprint\", \"status\"",
                args -> {
                    if (!allowed) {
                        throw new ToolFailure("triage: this server reads only; marking a finding writes to the workspace, "
                                + "which the user allows by starting it as `tracedeck mcp --allow-writes`");
                    }
                    return mapper.createObjectNode().put("result", workbench.triage(args.string("fingerprint"),
                            args.string("status"), args.optionalString("note").orElse("")));
                });
    }
}
