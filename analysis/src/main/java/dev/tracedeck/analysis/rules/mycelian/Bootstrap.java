package dev.tracedeck.analysis.rules.mycelian;

import dev.tracedeck.analysis.rules.RuleParameters;
import java.util.List;

/** The session-start protocol: one context load, then one listing of recent entries. */
final class Bootstrap {

    static final String SESSION_START = "SESSION_START";

    private Bootstrap() {
    }

    static List<Turn> sessionStarts(List<Turn> turns) {
        return turns.stream().filter(t -> t.control().equals(SESSION_START)).toList();
    }

    static List<ObservedCall> contextCalls(Turn turn, RuleParameters p) {
        return turn.callsOf(p.contextTool());
    }

    static List<ObservedCall> listCalls(Turn turn, RuleParameters p) {
        return turn.callsOf(p.listTool());
    }
}
