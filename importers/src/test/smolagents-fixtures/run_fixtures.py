#!/usr/bin/env python3
"""Runs smolagents' own agents with the fake models of its tests and writes their memory steps as JSON.

Usage: PYTHONPATH=<smolagents>/src:<stubs> python3 run_fixtures.py OUT_DIR <smolagents>/tests/test_agents.py
The fake models are copied from tests/test_agents.py (FakeToolCallModel, FakeCodeModel, FakeCodeModelPlanning,
FakeCodeModelNoReturn) and tests/fixtures/tools.py (test_tool); see SOURCES.md for which test each run follows.
"""
import importlib.resources  # agents.py uses it without importing it (elsewhere a dependency does)
import json
import sys
from dataclasses import asdict
from pathlib import Path

from smolagents import CodeAgent, ToolCallingAgent
from smolagents.default_tools import PythonInterpreterTool
from smolagents.memory import ActionStep, FinalAnswerStep, PlanningStep
from smolagents.models import ChatMessage, ChatMessageToolCall, ChatMessageToolCallFunction, MessageRole, Model
from smolagents.monitoring import TokenUsage
from smolagents.tools import Tool



def fake_models(test_agents_py):
    """The fake model classes of tests/test_agents.py, taken verbatim from its source."""
    import ast
    import types
    source = Path(test_agents_py).read_text()
    ns = {"ChatMessage": ChatMessage, "ChatMessageToolCall": ChatMessageToolCall, "Model": Model,
          "ChatMessageToolCallFunction": ChatMessageToolCallFunction, "MessageRole": MessageRole, "TokenUsage": TokenUsage}
    wanted = {"FakeToolCallModel", "FakeCodeModel", "FakeCodeModelPlanning", "FakeCodeModelNoReturn"}
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef) and node.name in wanted:
            exec(ast.get_source_segment(source, node), ns)
    return types.SimpleNamespace(**{k: ns[k] for k in wanted})


ta = fake_models(sys.argv[2])

out = Path(sys.argv[1])


def dump(name, value):
    (out / name).write_text(json.dumps(value, indent=2, ensure_ascii=False) + "\n")


def dump_lines(name, values):
    (out / name).write_text("".join(json.dumps(v, ensure_ascii=False) + "\n" for v in values))


# 1. test_fake_toolcalling_agent: get_full_steps()
agent = ToolCallingAgent(tools=[PythonInterpreterTool()], model=ta.FakeToolCallModel(), verbosity_level=0)
agent.run("What is 2 multiplied by 3.6452?")
dump("toolcalling-full-steps.json", agent.memory.get_full_steps())

# 2. test_fake_code_agent: get_succinct_steps()
agent = CodeAgent(tools=[PythonInterpreterTool()], model=ta.FakeCodeModel(), verbosity_level=0)
agent.run("What is 2 multiplied by 3.6452?")
dump("code-agent-succinct-steps.json", agent.memory.get_succinct_steps())

# 3. test_planning_step_with_injected_memory, steps written as JSON Lines by a step callback
lines = []
def write_step(step, agent=None):
    lines.append(step.dict())
agent = CodeAgent(tools=[], planning_interval=1, model=ta.FakeCodeModelPlanning(), max_steps=4, verbosity_level=0,
                  step_callbacks={ActionStep: write_step, PlanningStep: write_step, FinalAnswerStep: write_step})
from smolagents.memory import TaskStep
agent.memory.steps.append(TaskStep(task="Previous user request"))
agent.run("Continuous task", reset=False)
dump_lines("planning-step-callbacks.jsonl", lines)

# 4. test_fails_max_steps with return_full_result=True: the RunResult as a dict
agent = CodeAgent(tools=[PythonInterpreterTool()], model=ta.FakeCodeModelNoReturn(), max_steps=5, verbosity_level=0)
result = agent.run("What is 2 multiplied by 3.6452?", max_steps=3, return_full_result=True)
dump("max-steps-run-result.json", {"output": result.output, "state": result.state, "steps": result.steps,
                                   "token_usage": asdict(result.token_usage) if result.token_usage else None,
                                   "timing": result.timing.dict()})


# 5. ToolCallingAgent with parallel calls of test_tool (test_toolcalling_agent_stream_outputs_multiple_tool_calls),
#    then the parallel final answer of test_toolcalling_agent_final_answer_cannot_be_called_with_parallel_tool_calls,
#    then the misformatted blob of test_toolcalling_agent_api_misformatted_output, then a final answer.
class TestTool(Tool):
    name = "test_tool"
    description = "A test tool"
    inputs = {"input": {"type": "string", "description": "Input value"}}
    output_type = "string"

    def forward(self, input):
        if input == "error":
            raise ValueError("Tool execution error")
        return f"Processed: {input}"


def call(id_, name, arguments):
    return ChatMessageToolCall(id=id_, type="function", function=ChatMessageToolCallFunction(name=name, arguments=arguments))


class ParallelModel(Model):
    def __init__(self):
        super().__init__(model_id="fakemodel")
        self.turn = 0

    def generate(self, messages, stop_sequences=None, tools_to_call_from=None, **kwargs):
        self.turn += 1
        usage = TokenUsage(input_tokens=10, output_tokens=20)
        if self.turn == 1:
            return ChatMessage(role=MessageRole.ASSISTANT, content=None, token_usage=usage,
                               tool_calls=[call("call_1", "test_tool", '{"input": "output1"}'),
                                           call("call_2", "test_tool", '{"input": "output2"}')])
        if self.turn == 2:
            return ChatMessage(role=MessageRole.ASSISTANT, content=None, token_usage=usage,
                               tool_calls=[call("call_0", "test_tool", {"input": "out1"}),
                                           call("1", "final_answer", {"answer": "out1"})])
        if self.turn == 3:
            return ChatMessage(role=MessageRole.ASSISTANT, token_usage=usage,
                               content='{"name": weather_api", "arguments": {"location": "Paris", "date": "today"}}')
        if self.turn == 4:
            return ChatMessage(role=MessageRole.ASSISTANT, content=None, token_usage=usage,
                               tool_calls=[call("call_3", "test_tool", {"input": "error"})])
        return ChatMessage(role=MessageRole.ASSISTANT, content="I will return the final answer.", token_usage=usage,
                           tool_calls=[call("call_4", "final_answer", {"answer": "Processed: output1"})])


agent = ToolCallingAgent(tools=[TestTool()], model=ParallelModel(), max_steps=6, verbosity_level=0)
agent.run("Dummy task")
dump("parallel-and-errors-full-steps.json", agent.memory.get_full_steps())


# 6. The steps tests/test_memory.py builds, each as one JSON line, dumped with default=str as a user must for the
#    image bytes (test_action_step_dict, test_action_step_to_messages_no_tool_calls_with_observations,
#    test_memory_step_json_serialization). The image is 2x2 instead of the test's 100x100 to keep the line short.
from PIL import Image
from smolagents.memory import ToolCall as MemoryToolCall
from smolagents.monitoring import Timing


class MockChatCompletion:
    def __init__(self):
        self.id = "chatcmpl-test"
        self.choices = []


chat_message = ChatMessage(role=MessageRole.ASSISTANT, content="Test response", raw=MockChatCompletion())
memory_steps = [
    ActionStep(
        model_input_messages=[ChatMessage(role=MessageRole.USER, content="Hello")],
        tool_calls=[MemoryToolCall(id="id", name="get_weather", arguments={"location": "Paris"})],
        timing=Timing(start_time=0.0, end_time=1.0),
        step_number=1,
        error=None,
        model_output_message=ChatMessage(role=MessageRole.ASSISTANT, content="Hi"),
        model_output="Hi",
        observations="This is a nice observation",
        observations_images=[Image.new("RGB", (2, 2))],
        action_output="Output",
        token_usage=TokenUsage(input_tokens=10, output_tokens=20),
    ),
    ActionStep(
        model_input_messages=None,
        tool_calls=None,
        timing=Timing(start_time=0.0, end_time=1.0),
        step_number=1,
        error=None,
        model_output_message=None,
        model_output=None,
        observations="This is an observation.",
        observations_images=None,
        action_output=None,
        token_usage=TokenUsage(input_tokens=10, output_tokens=20),
    ),
    ActionStep(step_number=1, timing=Timing(start_time=123456, end_time=123457), model_output_message=chat_message,
               model_input_messages=[chat_message]),
    PlanningStep(model_input_messages=[chat_message], model_output_message=chat_message, plan="Test plan",
                 timing=Timing(start_time=123456, end_time=123457)),
]
(out / "memory-test-steps.jsonl").write_text("".join(json.dumps(s.dict(), default=str) + "\n" for s in memory_steps))
