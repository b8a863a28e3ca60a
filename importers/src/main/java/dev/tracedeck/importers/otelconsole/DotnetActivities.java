package dev.tracedeck.importers.otelconsole;

import dev.tracedeck.importers.ImportCancelledException;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.SourceStream;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.importers.spans.Origin;
import dev.tracedeck.importers.spans.SpanFacts;
import dev.tracedeck.importers.spans.SpanFileEntry;
import dev.tracedeck.importers.spans.SpanRecords;
import dev.tracedeck.importers.spans.SpanTime;
import dev.tracedeck.importers.text.Line;
import dev.tracedeck.importers.text.LineReader;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.source.SourceRef;
import java.io.IOException;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The .NET SDK's {@code ConsoleActivityExporter} text: per activity, {@code Activity.TraceId:}, {@code SpanId},
 * {@code TraceFlags}, {@code ParentSpanId} (when it has a parent), {@code ActivitySourceName}, {@code DisplayName},
 * {@code Kind}, {@code StartTime} (ISO), {@code Duration} ({@code hh:mm:ss.fffffff}), then {@code Activity.Tags:} with
 * one {@code key: value} a line, {@code StatusCode:} and {@code Activity.StatusDescription:}, {@code Activity.Events:}
 * ({@code name [timestamp]} and its tags), {@code Activity.Links:} and {@code Resource associated with Activity:},
 * and a blank line. Tags are read as the text printed (a list as the JSON it is printed as); a tag value printed over
 * several lines (a string with newlines) goes on until the next indented line. Lines between activities (the app's
 * own output, log records) are kept as {@code other}, a run of them (up to 1,024 lines) one record. The activity the file ends inside,
 * before its duration, ends the trace with {@code CUT_SHORT}.
 */
final class DotnetActivities {

    static final String START = "Activity.TraceId:";
    private static final Pattern HEADER = Pattern.compile("^Activity\\.(\\w+):\\s*(.*)$");
    private static final Pattern TAG = Pattern.compile("^ {4}(\\S[^:]*?): ?(.*)$");
    private static final Pattern EVENT = Pattern.compile("^ {4}(\\S.*?) \\[(.*)]$");
    private static final Pattern NESTED = Pattern.compile("^ {8}(\\S[^:]*?): ?(.*)$");
    private static final Pattern LINK = Pattern.compile("^ {4}([0-9a-f]{32}) ([0-9a-f]{16})$");
    private static final Pattern DURATION = Pattern.compile("^(?:(\\d+)\\.)?(\\d+):(\\d+):(\\d+)(?:\\.(\\d{1,7}))?$");
    private static final int CANCEL_CHECK_LINES = 4096;
    /** The app's lines between activities are held until the next activity, at most this many to a record. */
    private static final int MAX_OTHER_LINES = 1024;

    private DotnetActivities() {
    }

    /** True when a line of the head starts an activity as the exporter prints it. */
    static boolean inHead(String head) {
        return head.startsWith(START) || head.contains("\n" + START);
    }

    static Result read(ImportSource source, ImportListener listener, ChatTraceWriter out) throws ImportException {
        long[] bytes = new long[1];
        SourceStream in = source.open(total -> {
            bytes[0] = total;
            listener.progress(total, source.size());
        });
        Records records = new Records(out);
        Block block = null;
        List<Line> between = new ArrayList<>();
        int lines = 0;
        boolean complete = true;
        try (LineReader reader = new LineReader(in)) {
            Line line;
            while ((line = reader.next()) != null) {
                lines = line.number();
                if (lines % CANCEL_CHECK_LINES == 0 && listener.isCancelled()) {
                    throw new ImportCancelledException(source.name());
                }
                String text = line.text();
                if (text.startsWith(START)) {
                    records.other(between);
                    if (block != null) {
                        records.end(block, false);
                    }
                    block = new Block(line.number());
                    block.line(text);
                } else if (block != null && text.isBlank()) {
                    records.end(block, false);
                    block = null;
                } else if (block != null) {
                    block.line(text);
                } else {
                    between.add(line);
                    if (between.size() == MAX_OTHER_LINES) {
                        records.other(between);
                    }
                }
            }
            records.other(between);
            if (block != null) {
                complete = records.end(block, true);
            }
            records.end(null);
            if (!complete) {
                out.cutShort(records.lastThread(), lines, 1, "the last activity ends before its duration");
            }
            int last = Math.max(1, lines);
            if (complete) {
                in.endedEarly().ifPresent(why -> out.cutShort(records.lastThread(), last, 1, why));
            }
        } catch (IOException e) {
            throw new ImportException(source.name(), 0, "read failed: " + e.getMessage(), e);
        }
        listener.progress(bytes[0], source.size());
        return new Result(records.spans(), bytes[0], lines, complete && in.endedEarly().isEmpty());
    }

    record Result(long spans, long bytes, long lines, boolean complete) {
    }

    /** Holds each activity as a span, and the text between them as {@code other}. */
    private static final class Records extends SpanRecords {

        Records(ChatTraceWriter out) {
            super(out);
        }

        @Override
        public void value(dev.tracedeck.importers.json.JsonItem.Value value, SourceRef source) {
            throw new UnsupportedOperationException("read line by line");
        }

        void other(List<Line> lines) {
            if (lines.stream().anyMatch(l -> !l.text().isBlank())) {
                StringBuilder text = new StringBuilder();
                lines.forEach(l -> text.append(text.isEmpty() ? "" : "\n").append(l.text()));
                out.other(new SourceRef(out.file(), lines.get(0).number(), lines.get(lines.size() - 1).number()),
                        text.toString(), "printed between activities: no activity");
            }
            lines.clear();
        }

        /** Holds the activity; false when it is the file's last and stops before its duration. */
        boolean end(Block block, boolean atEnd) {
            boolean whole = block.fields.containsKey("Duration");
            SourceRef source = new SourceRef(out.file(), block.first, block.first + block.text.size() - 1);
            String text = String.join("\n", block.text);
            if (!block.fields.containsKey("SpanId")) {
                malformedLine(out, source, text, "an activity without its Activity.SpanId");
                return !atEnd;
            }
            if (!whole && !atEnd) {
                malformedLine(out, source, text, "an activity that stops before its Activity.Duration");
                return true;
            }
            hold(block.span(source, text, nextOrder()));
            return whole;
        }
    }

    /** The lines of one activity as they are read. */
    private static final class Block {
        final int first;
        final List<String> text = new ArrayList<>();
        final Map<String, String> fields = new LinkedHashMap<>();
        final Map<String, JsonValue> tags = new LinkedHashMap<>();
        final Map<String, JsonValue> resource = new LinkedHashMap<>();
        final List<Map<String, Object>> events = new ArrayList<>();
        final List<Map<String, Object>> links = new ArrayList<>();
        String section = "";
        String status = "UNSET";
        String statusDescription = "";
        /** Where a value printed over several lines goes on. */
        Map<String, JsonValue> lastMap;
        String lastKey;
        boolean inDescription;

        Block(int first) {
            this.first = first;
        }

        void line(String line) {
            text.add(line);
            Matcher m;
            boolean description = inDescription;
            inDescription = false;
            if (line.startsWith("StatusCode:")) {
                status(line.substring("StatusCode:".length()).strip());
            } else if ((m = HEADER.matcher(line)).matches()) {
                String name = m.group(1);
                switch (name) {
                    case "Tags", "Events", "Links" -> section = name;
                    case "StatusDescription" -> {
                        statusDescription = m.group(2).strip();
                        inDescription = true;
                    }
                    default -> fields.put(name, m.group(2).strip());
                }
                lastMap = null;
            } else if (line.equals("Resource associated with Activity:")) {
                section = "Resource";
                lastMap = null;
            } else if (section.equals("Tags") && (m = TAG.matcher(line)).matches()) {
                if (m.group(1).equals("StatusCode")) {
                    status(m.group(2).strip());
                } else if (m.group(1).equals("Activity.StatusDescription")) {
                    statusDescription = m.group(2).strip();
                } else {
                    put(tags, m.group(1), m.group(2));
                }
            } else if (section.equals("Resource") && (m = TAG.matcher(line)).matches()) {
                put(resource, m.group(1), m.group(2));
            } else if (section.equals("Events") && (m = EVENT.matcher(line)).matches()) {
                Map<String, Object> event = new LinkedHashMap<>();
                event.put("name", m.group(1));
                event.put("time", m.group(2));
                event.put("attributes", new LinkedHashMap<String, JsonValue>());
                events.add(event);
                lastMap = null;
            } else if (section.equals("Links") && (m = LINK.matcher(line)).matches()) {
                Map<String, Object> link = new LinkedHashMap<>();
                link.put("trace_id", m.group(1));
                link.put("span_id", m.group(2));
                link.put("attributes", new LinkedHashMap<String, JsonValue>());
                links.add(link);
                lastMap = null;
            } else if ((section.equals("Events") || section.equals("Links")) && (m = NESTED.matcher(line)).matches()) {
                List<Map<String, Object>> owners = section.equals("Events") ? events : links;
                if (!owners.isEmpty()) {
                    @SuppressWarnings("unchecked")
                    Map<String, JsonValue> attributes = (Map<String, JsonValue>) owners.get(owners.size() - 1).get("attributes");
                    put(attributes, m.group(1), m.group(2));
                }
            } else if (description && !line.startsWith(" ")) {
                statusDescription += "\n" + line;
                inDescription = true;
            } else if (lastMap != null) {
                // A value printed over several lines: a string with newlines.
                JsonValue before = lastMap.get(lastKey);
                String joined = (before instanceof JsonValue.JsonString s ? s.value() : before.toCompactString()) + "\n" + line;
                lastMap.put(lastKey, JsonValue.of(joined));
            }
        }

        private void put(Map<String, JsonValue> into, String key, String value) {
            into.putIfAbsent(key, value(value));
            lastMap = into;
            lastKey = key;
        }

        private void status(String code) {
            String s = code.toUpperCase(Locale.ROOT);
            status = s.equals("ERROR") || s.equals("OK") ? s : "UNSET";
        }

        /** The text printed; a list printed as JSON is that list. */
        private static JsonValue value(String printed) {
            String s = printed.strip();
            if (s.startsWith("[") && s.endsWith("]")) {
                Optional<JsonValue> list = JsonValues.tryParse(s);
                if (list.isPresent() && list.get() instanceof JsonValue.JsonArray) {
                    return list.get();
                }
            }
            return JsonValue.of(printed);
        }

        SpanFileEntry.Span span(SourceRef source, String text, long order) {
            long start = SpanTime.nanos(fields.getOrDefault("StartTime", ""));
            long duration = duration(fields.getOrDefault("Duration", ""));
            Origin origin = Origin.none();
            origin.resource().attributes(new JsonValue.JsonObject(resource));
            String sourceName = fields.getOrDefault("ActivitySourceName", "");
            if (!sourceName.isEmpty()) {
                Map<String, JsonValue> scope = new LinkedHashMap<>();
                scope.put("name", JsonValue.of(sourceName));
                origin.scope(new JsonValue.JsonObject(scope));
            }
            return new SpanFileEntry.Span(order, fields.getOrDefault("TraceId", ""), fields.getOrDefault("SpanId", ""),
                    fields.getOrDefault("ParentSpanId", ""), fields.getOrDefault("DisplayName", ""),
                    fields.getOrDefault("Kind", "").toLowerCase(Locale.ROOT), start,
                    start > 0 && duration >= 0 ? start + duration : 0, status, statusDescription,
                    new JsonValue.JsonObject(tags), list(events, true), list(links, false), origin, source, text, true,
                    SpanFacts.NONE);
        }

        @SuppressWarnings("unchecked")
        private static JsonValue list(List<Map<String, Object>> items, boolean events) {
            List<JsonValue> out = new ArrayList<>();
            for (Map<String, Object> item : items) {
                Map<String, JsonValue> m = new LinkedHashMap<>();
                item.forEach((k, v) -> m.put(k, v instanceof String s
                        ? JsonValue.of(events && k.equals("time") ? eventTime(s) : s)
                        : new JsonValue.JsonObject((Map<String, JsonValue>) v)));
                out.add(new JsonValue.JsonObject(m));
            }
            return new JsonValue.JsonArray(out);
        }

        /** {@code DateTimeOffset} as .NET prints it in the invariant or US culture; as printed when it is neither. */
        private static String eventTime(String printed) {
            for (String pattern : new String[] {"M/d/yyyy h:mm:ss a xxx", "MM/dd/yyyy HH:mm:ss xxx"}) {
                try {
                    return OffsetDateTime.parse(printed, DateTimeFormatter.ofPattern(pattern, Locale.US)).toInstant().toString();
                } catch (DateTimeParseException e) {
                    // the next pattern
                }
            }
            long iso = SpanTime.nanos(printed);
            return iso > 0 ? SpanTime.iso(iso) : printed;
        }

        /** {@code 00:00:01.2345678} (or {@code 1.02:03:04.5}) as nanoseconds; -1 when it is none. */
        private static long duration(String printed) {
            Matcher m = DURATION.matcher(printed);
            if (!m.matches()) {
                return -1;
            }
            long days = m.group(1) == null ? 0 : Long.parseLong(m.group(1));
            long seconds = ((days * 24 + Long.parseLong(m.group(2))) * 60 + Long.parseLong(m.group(3))) * 60
                    + Long.parseLong(m.group(4));
            String fraction = m.group(5) == null ? "" : m.group(5);
            long nanos = fraction.isEmpty() ? 0 : Long.parseLong((fraction + "000000000").substring(0, 9));
            return seconds * 1_000_000_000L + nanos;
        }
    }
}
