package dev.tracedeck.desktop.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.Fingerprint;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.fixtures.SampleLogs;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.workspace.SearchHit;
import dev.tracedeck.workspace.TriageStatus;
import dev.tracedeck.workspace.WorkspaceAddress;
import dev.tracedeck.workspace.WorkspaceStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runs table's and the search's view-models over a real workspace file in a temporary directory. */
class RunsViewModelTest {

    @TempDir
    Path dir;

    private final NoticesViewModel notices = new NoticesViewModel();
    private final List<Path> opened = new ArrayList<>();
    private WorkspaceLink link;

    @AfterEach
    void close() {
        if (link != null) {
            link.close();
        }
    }

    private Path record(String sample, Instant at, boolean validate) throws Exception {
        Path log = SampleLogs.copy(sample, dir);
        Trace trace = Importers.standard().read(ImportSource.of(log), dev.tracedeck.importers.ImportListener.NONE);
        try (WorkspaceStore store = WorkspaceStore.open(dir.resolve("workspace.db"), Clock.fixed(at, ZoneOffset.UTC))) {
            Optional<Validation> validation = validate ? Optional.of(new Validator(RuleConfig.DEFAULT).validate(trace)) : Optional.empty();
            store.record(log, trace, validation);
            if (validate) {
                store.mark(Fingerprint.of(validation.get().findings().get(0)), TriageStatus.CONFIRMED, "");
            }
        }
        return log;
    }

    private WorkspaceLink link() {
        link = new WorkspaceLink(dir.resolve("workspace.db"), Clock.systemUTC(), new SyncTaskRunner(), notices);
        return link;
    }

    @Test
    void listsTheRecordedRunsMostRecentFirstWithTheirTriageProgressAndFilters() throws Exception {
        Path tea = record(SampleLogs.TEA_TRIP, Instant.parse("2026-01-01T10:00:00Z"), true);
        Path other = record(SampleLogs.PROTOCOL_VIOLATIONS,
                Instant.parse("2026-01-02T10:00:00Z"), false);
        RunsViewModel runs = new RunsViewModel(Optional.of(link()), opened::add, notices);

        runs.refresh();

        assertEquals(List.of(other.getFileName().toString(), "tea-trip.log"), runs.rows().stream().map(RunRow::name).toList());
        RunRow teaRow = runs.rows().get(1);
        assertTrue(teaRow.triageText().startsWith("1 / "), teaRow.triageText());
        assertEquals("", runs.rows().get(0).triageText(), "only opened: nothing to triage");
        assertEquals(-1, runs.rows().get(0).errors());
        assertEquals("2 runs", runs.statusProperty().get());
        runs.filterProperty().set("TEA-");
        assertEquals(List.of(teaRow), List.copyOf(runs.sorted()));
        assertEquals("1 of 2 runs", runs.statusProperty().get());
        assertEquals(List.of(runs.rows().get(0), teaRow), runs.recent(10));

        runs.open(teaRow);
        assertEquals(List.of(tea.toAbsolutePath().normalize()), opened);
    }

    @Test
    void aMissingFileIsANoticeAndLeavesOpenRecent() throws Exception {
        Path tea = record(SampleLogs.TEA_TRIP, Instant.parse("2026-01-01T10:00:00Z"), false);
        Files.delete(tea);
        RunsViewModel runs = new RunsViewModel(Optional.of(link()), opened::add, notices);
        runs.refresh();

        runs.open(runs.rows().get(0));

        assertTrue(opened.isEmpty());
        assertTrue(notices.notices().get(0).text().contains("no longer there"), notices.notices().get(0).text());
        assertTrue(runs.recent(10).isEmpty());
    }

    @Test
    void searchFindsMessagesAcrossRunsAndOpensAHitAtItsEvent() throws Exception {
        Path tea = record(SampleLogs.TEA_TRIP, Instant.parse("2026-01-01T10:00:00Z"), false);
        List<String> openedAt = new ArrayList<>();
        SearchViewModel search = new SearchViewModel(Optional.of(link()), (file, seq) -> openedAt.add(file + "#" + seq));
        String word = "tea";
        try (WorkspaceStore store = WorkspaceStore.open(dir.resolve("workspace.db"), Clock.systemUTC())) {
            assertTrue(store.search(word, 5).isEmpty(), "recording leaves the index to the first search");
        }

        search.queryProperty().set(word);
        search.search();

        assertTrue(search.hits().size() > 0, "the sample mentions tea, and the search indexed it first");
        assertTrue(search.statusProperty().get().endsWith("hits") || search.statusProperty().get().equals("1 hit"));
        SearchHit hit = search.hits().get(0);
        search.open(hit);
        assertEquals(List.of(tea.toAbsolutePath().normalize() + "#" + hit.seq()), openedAt);
    }

    @Test
    void aSearchShownIsAskedAgainOfTheWorkspaceSwitchedTo() throws Exception {
        record(SampleLogs.TEA_TRIP, Instant.parse("2026-01-01T10:00:00Z"), false);
        SearchViewModel search = new SearchViewModel(Optional.of(link()), (file, seq) -> { });
        search.queryProperty().set("tea");
        search.search();
        assertTrue(search.hits().size() > 0);

        List<String> failures = new ArrayList<>();
        link.switchTo(WorkspaceAddress.file(dir.resolve("other.db")), () -> { }, failures::add);

        assertEquals(List.of(), failures);
        assertTrue(search.hits().isEmpty(), "the workspace switched to holds no run: no hit of the old one stays");
        assertEquals("0 hits", search.statusProperty().get());
    }

    @Test
    void aBadQueryIsSaidInTheStatusNotAsANotice() throws Exception {
        record(SampleLogs.TEA_TRIP, Instant.parse("2026-01-01T10:00:00Z"), false);
        SearchViewModel search = new SearchViewModel(Optional.of(link()), (file, seq) -> { });

        search.queryProperty().set("\"unclosed");
        search.search();

        assertTrue(search.hits().isEmpty());
        assertEquals("Bad query '\"unclosed': a double quote is not closed", search.statusProperty().get());
        assertTrue(notices.notices().isEmpty());
    }
}
