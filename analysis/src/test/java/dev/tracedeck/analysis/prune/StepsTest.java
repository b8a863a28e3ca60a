package dev.tracedeck.analysis.prune;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.analysis.tokens.PromptMessage;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StepsTest {

    private static PromptMessage call(String id, String name) {
        return PromptMessage.of(new Message("assistant", "", List.of(new ToolCall(id, name, "{}", Optional.empty(), false)), ""));
    }

    private static PromptMessage result(String id, String text) {
        return PromptMessage.of(new Message("tool", text, List.of(), id));
    }

    @Test
    void aHistoryReadsAsSmolagentsTypedSteps() {
        History h = History.of(List.of(
                PromptMessage.text("system", "You are an expert assistant."),
                PromptMessage.text("user", "How many seconds would it take for a leopard at full speed to run through Pont des Arts?"),
                PromptMessage.text("assistant", "## 1. Facts survey\n### 1.1. Facts given in the task\n- a leopard\n## 2. Plan\n1. Look up"),
                call("c1", "web_search"),
                result("c1", "Leopards run at 58 km/h"),
                PromptMessage.text("assistant", "The bridge length is still missing."),
                call("c2", "web_search"),
                result("c2", "Pont des Arts is 155 m long"),
                PromptMessage.text("assistant", "About 9.6 seconds."),
                PromptMessage.text("user", "And a cheetah?")));
        List<Step> steps = Steps.of(h);
        assertEquals(List.of(Step.Kind.SYSTEM_PROMPT, Step.Kind.TASK, Step.Kind.PLANNING, Step.Kind.ACTION, Step.Kind.ACTION,
                Step.Kind.ACTION, Step.Kind.FINAL_ANSWER, Step.Kind.TASK), steps.stream().map(Step::kind).toList());
        assertEquals(List.of(3, 4), steps.get(3).messages(), "an action keeps its result");
    }

    @Test
    void talkingAboutAPlanIsNotPlanning() {
        History h = History.of(List.of(
                PromptMessage.text("user", "Plan my trip"),
                PromptMessage.text("assistant", "I could make a plan, but first a question."),
                call("c1", "ask_user"),
                result("c1", "ok")));
        assertEquals(Step.Kind.ACTION, Steps.of(h).get(1).kind());
    }

    @Test
    void smolagentsPlanFollowedByItsProceedMessageAndAFinalAnswerToolReadAsPlanningAndFinalAnswer() {
        History h = History.of(List.of(
                PromptMessage.text("user", "New task:\nWhat is 2 multiplied by 3.6452?"),
                PromptMessage.text("assistant", "Here are the facts I know and the plan of action that I will follow to solve the task:\n```\n1. multiply\n```"),
                PromptMessage.text("user", "Now proceed and carry out this plan."),
                call("call_0", "python_interpreter"),
                result("call_0", "7.2904"),
                call("call_1", "final_answer"),
                result("call_1", "7.2904")));
        assertEquals(List.of(Step.Kind.TASK, Step.Kind.PLANNING, Step.Kind.TASK, Step.Kind.ACTION, Step.Kind.FINAL_ANSWER),
                Steps.of(h).stream().map(Step::kind).toList());
    }

    @Test
    void aCodeAgentsCodeThatCallsFinalAnswerIsTheFinalAnswer() {
        History h = History.of(List.of(
                PromptMessage.text("user", "New task:\nWhat is 2 multiplied by 3.6452?"),
                code("call_1", "result = 2*3.6452\nprint(result)"),
                result("call_1", "Execution logs:\n7.2904"),
                code("call_2", "x = 1  # not final_answer(x) yet\nfinal_answer(7.2904)"),
                result("call_2", "Execution logs:\nLast output from code snippet:\n7.2904")));
        assertEquals(List.of(Step.Kind.TASK, Step.Kind.ACTION, Step.Kind.FINAL_ANSWER), Steps.of(h).stream().map(Step::kind).toList());
    }

    private static PromptMessage code(String id, String code) {
        return PromptMessage.of(new Message("assistant", "Thought: …", List.of(new ToolCall(id, "python_interpreter", code,
                Optional.empty(), false)), ""));
    }
}
