package dev.tracedeck.analysis.prune;

import dev.tracedeck.model.message.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** Splits a history into typed steps; an action keeps its tool results, so no strategy that works on steps can part them. */
public final class Steps {

    private Steps() {
    }

    public static List<Step> of(History history) {
        List<HistoryMessage> messages = history.messages();
        List<Step> steps = new ArrayList<>();
        int i = 0;
        while (i < messages.size()) {
            HistoryMessage m = messages.get(i);
            if (m.isSystem()) {
                steps.add(new Step(Step.Kind.SYSTEM_PROMPT, List.of(i++)));
            } else if (m.role().equals("user")) {
                steps.add(new Step(Step.Kind.TASK, List.of(i++)));
            } else if (m.role().equals("assistant") && !m.makesCalls()) {
                boolean endsTurn = i + 1 >= messages.size() || messages.get(i + 1).role().equals("user");
                // A plan first: smolagents follows its plan with a user message ("Now proceed …"), not with an action.
                Step.Kind kind = isPlan(m) ? Step.Kind.PLANNING : endsTurn ? Step.Kind.FINAL_ANSWER : Step.Kind.ACTION;
                steps.add(new Step(kind, List.of(i++)));
            } else {
                boolean answers = isFinalAnswerCall(m);
                List<Integer> action = new ArrayList<>(List.of(i++));
                while (i < messages.size() && messages.get(i).isToolResult()) {
                    action.add(i++);
                }
                steps.add(new Step(answers ? Step.Kind.FINAL_ANSWER : Step.Kind.ACTION, action));
            }
        }
        return steps;
    }

    /**
     * smolagents' planning steps, as its prompts make the model write them ("## 1. Facts survey … ## 2. Plan",
     * "Here are the facts I know and the plan of action …"), and plans other agents write under a heading.
     */
    private static final Pattern PLAN = Pattern.compile(
            "(?is)^\\s*(?:#+\\s*)?(?:\\d\\.\\s*)?(?:plan\\b|updated plan|facts survey|here (?:is|are) (?:the|my) (?:plan|facts)).*"
                    + "|.*\\bplan of action\\b.*");

    /**
     * The agent answers through a tool of its own, as smolagents' {@code final_answer}: that call is the final answer;
     * so is a smolagents CodeAgent's code that calls it ({@code final_answer(…)} in the interpreter's code).
     */
    private static boolean isFinalAnswerCall(HistoryMessage m) {
        if (m.message().toolCalls().size() != 1) {
            return false;
        }
        ToolCall call = m.message().toolCalls().get(0);
        return call.name().equals("final_answer")
                || call.name().equals("python_interpreter") && FINAL_ANSWER_IN_CODE.matcher(call.rawArguments()).find();
    }

    private static final Pattern FINAL_ANSWER_IN_CODE = Pattern.compile("(?m)^\\s*final_answer\\(");

    private static boolean isPlan(HistoryMessage m) {
        return PLAN.matcher(m.message().content()).matches();
    }
}
