"""smolagents v1.15.0: test_fake_toolcalling_agent's run, get_full_steps() dumped with default=str
(v1.15's model_input_messages hold MessageRole members and the dict keeps them; json.dumps writes the str-enum's value)."""
import importlib.resources
import ast, json, sys, types
from pathlib import Path
from smolagents import ToolCallingAgent
from smolagents.default_tools import PythonInterpreterTool
from smolagents.models import ChatMessage, ChatMessageToolCall, ChatMessageToolCallDefinition, MessageRole, Model
source = Path("tests/test_agents.py").read_text()
ns = dict(ChatMessage=ChatMessage, ChatMessageToolCall=ChatMessageToolCall,
          ChatMessageToolCallDefinition=ChatMessageToolCallDefinition, MessageRole=MessageRole, Model=Model)
for node in ast.parse(source).body:
    if isinstance(node, ast.ClassDef) and node.name == "FakeToolCallModel":
        exec(ast.get_source_segment(source, node), ns)
agent = ToolCallingAgent(tools=[PythonInterpreterTool()], model=ns["FakeToolCallModel"](), verbosity_level=0)
agent.run("What is 2 multiplied by 3.6452?")
Path(sys.argv[1]).write_text(json.dumps(agent.memory.get_full_steps(), indent=2, default=str) + "\n")
