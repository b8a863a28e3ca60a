package dev.tracedeck.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tracedeck.analysis.memory.Memory;
import dev.tracedeck.analysis.memory.MemoryOp;
import dev.tracedeck.analysis.memory.MemoryOperation;
import dev.tracedeck.analysis.memory.MemoryTimeline;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Memories read from our samples, value by value, and from the real traces, counted. */
class MemoryTimelineTest {

    private static final Path REAL = SampleReadme.MODULE.resolve("../../shared/real-traces").normalize();

    private static MemoryTimeline read(Path file) throws Exception {
        Trace trace = Importers.standard().read(ImportSource.of(file), ImportListener.NONE);
        return MemoryTimeline.of(trace);
    }

    private static Memory named(MemoryTimeline t, String name) {
        return t.memories().stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow(() ->
                new AssertionError(name + " not in " + t.memories().stream().map(Memory::name).toList()));
    }

    /** The memory named {@code name} that calls operate on: two agents of one file may share a block's name. */
    private static Memory operatedOn(MemoryTimeline t, String name) {
        return t.memories().stream().filter(m -> m.name().equals(name) && !m.operations().isEmpty()).findFirst()
                .orElseThrow(() -> new AssertionError(name + " is operated on in none of " + t.memories()));
    }

    private static String ops(Memory m) {
        return m.operations().stream().map(o -> o.tool() + ":" + o.op().label() + (o.failed() ? "!" : "") + ":"
                + o.sizeBefore().map(String::valueOf).orElse("?") + ">" + o.sizeAfter().map(String::valueOf).orElse("?"))
                .collect(Collectors.joining(" "));
    }

    @Test
    void lettaBlocksFollowEachCallFromThePromptsValues() throws Exception {
        MemoryTimeline t = read(SampleReadme.MODULE.resolve("letta/clean-memgpt-agent.af"));
        Memory human = named(t, "human");
        assertEquals(OptionalInt.of(5000), human.limit());
        assertEquals(Optional.of("First name: Tomás\nLocation: Lisbon"), human.initial());
        assertEquals("core_memory_append:append:34>91 core_memory_replace:replace:91>105", ops(human));
        MemoryOperation replace = human.operations().get(1);
        assertEquals("First name: Tomás (goes by Tom)\nLocation: Lisbon\n"
                + "Grows cherry tomatoes in pots on a south-facing balcony.", replace.after().orElseThrow());
        assertEquals("- First name: Tomás\n+ First name: Tomás (goes by Tom)\n", replace.diff(10));
    }

    @Test
    void aBlockNoCallChangesIsShownWithItsValueButGivesTheRulesNothing() throws Exception {
        Path file = SampleReadme.MODULE.resolve("letta/clean-memgpt-agent.af");
        Trace trace = Importers.standard().read(ImportSource.of(file), ImportListener.NONE);
        Memory persona = named(MemoryTimeline.of(trace), "persona");
        assertEquals(List.of(), persona.operations());
        assertEquals(OptionalInt.of(5000), persona.limit());
        assertTrue(persona.initial().orElseThrow().length() > 0);
        assertEquals(List.of("human"), trace.threads().stream().flatMap(th -> MemoryTimeline.of(th).stream())
                .map(Memory::name).toList());
    }

    @Test
    void aRefusedAppendChangesNothingAndKeepsWhatItTried() throws Exception {
        Memory human = named(read(SampleReadme.MODULE.resolve("letta/block-over-limit.af")), "human");
        assertEquals(OptionalInt.of(200), human.limit());
        MemoryOperation last = human.operations().get(human.operations().size() - 1);
        assertTrue(last.failed());
        assertEquals(last.before(), last.after());
        assertTrue(last.change().startsWith("Balcony also holds basil"), last.change());
    }

    /**
     * The newer tools, applied as Letta's executor does: the one prompt was rewritten in place (its stamp is the last
     * change), so it is not the memory at the start; each value follows from the calls and what their results report.
     */
    @Test
    void lettasMemoryToolPatchesAndArchivalMemory() throws Exception {
        MemoryTimeline t = read(SampleReadme.MODULE.resolve("letta/memory-tool.af"));
        assertEquals(List.of("human", "sources", "archival memory", "deadlines", "milestones", "persona"),
                t.memories().stream().map(Memory::name).toList());
        assertEquals(List.of(), named(t, "persona").operations(), "no call touches the persona block");
        Memory human = named(t, "human");
        assertEquals(Optional.empty(), human.initial(), "the prompt shows the memory as it ended");
        assertEquals("memory:replace:?>93 memory_apply_patch:replace:93>91", ops(human));
        assertEquals("Name: Priya\nThesis: sediment transport in the Danube delta (master's)\nSupervisor: Dr. Marin",
                human.operations().get(1).after().orElseThrow());
        Memory sources = named(t, "sources");
        assertEquals("memory:write:?>43 memory:append:43>90 memory_apply_patch:replace:90>151"
                + " memory:replace!:151>151", ops(sources));
        assertEquals("- Syvitski et al. 2005, impact of humans on the flux of terrestrial sediment to the global"
                + " coastal ocean\n- Walling 2006, human impact on sediment loads",
                sources.operations().get(2).after().orElseThrow());
        assertEquals("memory_apply_patch:write:?>27 memory:delete:27>?", ops(named(t, "deadlines")));
        assertEquals("renamed to milestones", named(t, "deadlines").operations().get(1).change());
        assertEquals("memory:write:?>27 memory:delete:27>?", ops(named(t, "milestones")));
        Memory archival = named(t, "archival memory");
        assertEquals("archival", archival.kind());
        assertEquals("archival_memory_insert:append:?>? archival_memory_search:read:?>?", ops(archival));
        assertTrue(archival.operations().get(0).change().endsWith("\ntags: thesis, people"));
    }

    /** LangMem's tools on a store, as a LangGraph state history holds their calls and results. */
    @Test
    void langMemItemsByKeyFromTheToolsCallsAndAnswers() throws Exception {
        MemoryTimeline t = read(SampleReadme.MODULE.resolve("langgraph/langmem-memory.json"));
        String diet = "6f1c2d9e-5b8a-4e3f-9a71-0c4d8e2b7f15";
        String commute = "2b7e4a10-93c6-4f0d-b8e2-7d15a9c3e604";
        assertEquals(List.of(diet, commute), t.memories().stream().map(Memory::name).toList());
        Memory food = named(t, diet);
        assertEquals("store item", food.kind());
        assertEquals("manage_memory:write:?>19 search_memory:read:19>19 manage_memory:write!:19>19"
                + " manage_memory:write:19>35", ops(food));
        assertEquals("User is pescatarian: fish, no meat.", food.operations().get(3).after().orElseThrow());
        assertEquals("manage_memory:write:?>20 search_memory:read:20>20 manage_memory:delete:20>?",
                ops(named(t, commute)));
    }

    @Test
    void mem0MemoriesFromTheirHistoryRowsInTimeOrder() throws Exception {
        MemoryTimeline t = read(SampleReadme.MODULE.resolve("mem0/user-preferences.json"));
        String diet = "Is vegetarian (cb404c20-fa03-57a3-b44d-5ed7306b1c6d)";
        String city = "Lives in Lisbon (410dffd8-c4bc-5c09-b847-3d2803d5d47d)";
        String meetings = "Prefers meetings before 11am (0e39a6d0-1748-5776-ada8-aac7ea076bfa)";
        // The export holds each memory's history after the other's; the rows happened interleaved.
        assertEquals(List.of(diet, city, meetings), t.memories().stream().map(Memory::name).toList());
        Memory food = named(t, diet);
        assertEquals("mem0 memory", food.kind());
        assertEquals("mem0 ADD:write:?>13 mem0 UPDATE:write:13>53", ops(food));
        assertEquals("- Is vegetarian\n+ Is pescatarian: vegetarian, but eats fish on weekends\n",
                food.operations().get(1).diff(10));
        assertEquals("mem0 ADD:write:?>15 mem0 DELETE:delete:15>?", ops(named(t, city)));
        List<Integer> lines = t.memories().stream().flatMap(m -> m.operations().stream())
                .sorted(java.util.Comparator.comparingInt(o -> o.event().seq())).map(o -> o.event().source().firstLine())
                .toList();
        assertEquals(List.of(2, 26, 50, 14, 38), lines);
        assertEquals(1, named(t, meetings).operations().size());
    }

    @Test
    void aMem0MemoryWrittenBackIsFollowedValueByValue() throws Exception {
        Memory job = MemoryTimeline.of(Importers.standard().read(ImportSource.of(SampleReadme.MODULE.resolve(
                "mem0/job-written-back.jsonl")), ImportListener.NONE)).memories().get(0);
        assertEquals("mem0 ADD:write:?>63 mem0 UPDATE:write:63>72 mem0 UPDATE:write:72>63", ops(job));
        assertEquals(job.operations().get(1).before(), job.operations().get(2).after());
    }

    @Test
    void claudeCodeMemoryFilesAndTodoList() throws Exception {
        MemoryTimeline t = read(SampleReadme.MODULE.resolve("claude-code/memory-files.jsonl"));
        Memory claude = named(t, "/home/dev/shop-api/CLAUDE.md");
        assertEquals("Write:write:?>63 Edit:replace!:63>63 Edit:replace:63>108", ops(claude));
        assertTrue(claude.operations().get(2).after().orElseThrow().endsWith("`ORDERS_DB=sqlite://`.\n"));
        Memory todo = named(t, "todo list");
        assertEquals(2, todo.operations().size());
        assertEquals("[completed] Note the test command in CLAUDE.md\n[completed] Fix rounding in list_orders",
                todo.operations().get(1).after().orElseThrow());
        assertEquals(2, t.memories().size(), "orders.py is no memory file");
    }

    @Test
    void mycelianEntriesAndContextWithReadsAndWaits() throws Exception {
        MemoryTimeline t = read(SampleReadme.MODULE.resolve("mycelian/before-prebuilt-react.log"));
        assertFalse(t.memories().isEmpty());
        Memory entries = t.memories().stream().filter(m -> m.kind().equals("entries")).findFirst().orElseThrow();
        assertTrue(entries.operations().stream().anyMatch(o -> o.op() == MemoryOp.APPEND));
        Memory context = t.memories().stream().filter(m -> m.kind().equals("context")).findFirst().orElseThrow();
        assertTrue(context.operations().stream().anyMatch(o -> o.op() == MemoryOp.WRITE && o.after().isPresent()));
    }

    @Test
    void aTraceWithoutMemorySaysWhy() throws Exception {
        MemoryTimeline t = read(SampleReadme.MODULE.resolve("claude-code/clean-session.jsonl"));
        assertTrue(t.memories().isEmpty());
        assertTrue(t.reason().startsWith("no memory in this claude-code trace"), t.reason());
    }

    /** The counts scripts/count_memory_ops.py finds in the same files by reading their JSON itself. */
    @Test
    void realLettaAgentsAndAClaudeCodeSession() throws Exception {
        assumeTrue(Files.isDirectory(REAL), "no real traces beside the repository");
        MemoryTimeline memgpt = read(REAL.resolve("letta-af-01-memgpt-agent-with-convo.af"));
        assertEquals(List.of("human 4", "persona 1"), counts(memgpt));
        Memory human = named(memgpt, "human");
        // every value computed from the calls is the one the next rebuilt prompt shows: the chain never broke
        assertTrue(human.operations().stream().allMatch(o -> o.after().isPresent()), ops(human));
        assertEquals(OptionalInt.of(5000), human.limit());
        MemoryTimeline sleeptime = read(REAL.resolve("letta-01-lettabot-builder-sleeptime.af"));
        assertEquals(List.of("project 1", "todo 2"), counts(sleeptime));
        // its one prompt was rewritten after these calls, so no value before the first is known; each result reports
        // the block after, and the last ones are the saved blocks of the sleep-time agent (9,620 and 2,618 characters)
        assertEquals("memory_replace:replace:?>9620", ops(operatedOn(sleeptime, "project")));
        assertEquals("memory_replace:replace:?>2318 memory_replace:replace:2318>2618", ops(operatedOn(sleeptime, "todo")));
        MemoryTimeline outreach = read(REAL.resolve("letta-03-outreach-workflow-oldschema.af"));
        assertTrue(outreach.memories().isEmpty());
        MemoryTimeline session = read(REAL.resolve("claude-code-11-sessionshare-general-tool-calls-1mb.jsonl"));
        assertEquals(List.of("/Users/pete/.claude/plans/silly-wishing-narwhal.md 7", "todo list 2"), counts(session));
        MemoryTimeline ccviewer = read(REAL.resolve("claude-code-01-ccviewer-fe5e1c67-inline-sidechains.jsonl"));
        assertEquals(List.of("/path/to/Demo/CLAUDE.md 1", "todo list 19"), counts(ccviewer));
    }

    /** The memories calls operate on, each with how many operations. */
    private static List<String> counts(MemoryTimeline t) {
        return t.memories().stream().filter(m -> !m.operations().isEmpty()).collect(Collectors.groupingBy(Memory::name, java.util.TreeMap::new,
                Collectors.summingInt(m -> m.operations().size()))).entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()).toList();
    }
}
