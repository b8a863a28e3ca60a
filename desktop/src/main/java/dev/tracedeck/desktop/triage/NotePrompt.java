package dev.tracedeck.desktop.triage;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.workspace.TriageStatus;
import java.util.Optional;

/** Asks for the note that goes with a triage mark; empty when the person cancels (then nothing is marked). */
@FunctionalInterface
public interface NotePrompt {

    Optional<String> ask(Finding finding, TriageStatus status, String previousNote);
}
