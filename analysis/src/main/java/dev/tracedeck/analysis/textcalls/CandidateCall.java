package dev.tracedeck.analysis.textcalls;

import dev.tracedeck.model.json.JsonValue;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * A call a recogniser has found, before the evidence every format shares (arguments, name, the words around
 * it) is weighed by {@link Scoring}. Recognisers add what only they can know: the format's base and its
 * markers.
 */
final class CandidateCall {

    final TextCallFormat format;
    final int start;
    final int end;
    final String name;
    Optional<JsonValue> arguments = Optional.empty();
    String rawArguments = "";
    ArgumentsStatus status = ArgumentsStatus.UNPARSED;
    final LinkedHashSet<String> unrecovered = new LinkedHashSet<>();
    final LinkedHashSet<String> repairs = new LinkedHashSet<>();
    final List<Confidence.Reason> reasons = new ArrayList<>();
    /** False when the call object had no arguments member at all. */
    boolean hasArgumentsMember = true;
    /** What the format's confidence lost because the call's wrapper was never closed (0 when it was). */
    double unclosedPenalty;

    CandidateCall(TextCallFormat format, int start, int end, String name) {
        this.format = format;
        this.start = start;
        this.end = end;
        this.name = name;
    }

    static CandidateCall of(TextCallFormat format, int start, int end, CallShape shape) {
        CandidateCall d = new CandidateCall(format, start, end, shape.name());
        d.arguments = shape.arguments();
        d.rawArguments = shape.rawArguments();
        d.status = shape.status();
        d.unrecovered.addAll(shape.unrecovered());
        d.repairs.addAll(shape.repairs());
        if (!shape.hasArgumentsKey()) {
            d.hasArgumentsMember = false;
            d.reasons.add(new Confidence.Reason(-0.05, "no arguments member"));
        }
        return d;
    }

    /** The same call, standing at another span (a block's wrapper rather than the object inside it). */
    CandidateCall at(int newStart, int newEnd) {
        CandidateCall d = new CandidateCall(format, newStart, newEnd, name);
        d.arguments = arguments;
        d.rawArguments = rawArguments;
        d.status = status;
        d.unrecovered.addAll(unrecovered);
        d.repairs.addAll(repairs);
        d.reasons.addAll(reasons);
        d.hasArgumentsMember = hasArgumentsMember;
        d.unclosedPenalty = unclosedPenalty;
        return d;
    }

    /** The format's own evidence; it goes first so a reader sees the base before what raised or lowered it. */
    CandidateCall base(double weight, String why) {
        reasons.add(0, new Confidence.Reason(weight, why));
        return this;
    }

    /** Arguments that were read on their own (not as a member of a call object). */
    CandidateCall arguments(JsonRead read, String raw) {
        arguments = read.value();
        rawArguments = raw;
        status = read.status();
        unrecovered.addAll(read.losses());
        repairs.addAll(read.repairs());
        return this;
    }

    CandidateCall reason(double weight, String why) {
        reasons.add(new Confidence.Reason(weight, why));
        return this;
    }

    /** The wrapper was never closed, which cost the call {@code penalty} against a closed one. */
    CandidateCall unclosed(double penalty) {
        unclosedPenalty = penalty;
        return this;
    }

    CandidateCall lost(String what) {
        unrecovered.add(what);
        return this;
    }
}
