package dev.tracedeck.analysis.cost;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tracedeck.model.recorded.BilledUsage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * The prices Tracedeck bills calls with, and where each comes from: the user's overrides first, then genai-prices'
 * table (the one {@code tracedeck prices update} stored, else the one bundled), then LiteLLM's where genai-prices has
 * no row for a model (stored the same way). A model none of them prices is unpriced, never free.
 */
public final class Prices {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String RESOURCES = "/dev/tracedeck/analysis/cost/";

    /** One table in the chain: its name as reports show it, where it was read from, and how many models it prices. */
    public record Source(String role, String name, String from, int models) {
    }

    private final PriceUnits units;
    private final Optional<NamedPrices> overrides;
    private final PriceTable genai;
    private final Optional<NamedPrices> liteLlm;
    private final List<Source> sources;
    private final Instant now;

    private Prices(PriceUnits units, Optional<NamedPrices> overrides, PriceTable genai, Optional<NamedPrices> liteLlm,
                   List<Source> sources, Instant now) {
        this.units = units;
        this.overrides = overrides;
        this.genai = genai;
        this.liteLlm = liteLlm;
        this.sources = List.copyOf(sources);
        this.now = now;
    }

    /** Only the tables bundled with Tracedeck. */
    public static Prices bundled() {
        return load(Optional.empty(), Optional.empty());
    }

    /**
     * The tables of the user's price folder ({@link PriceFiles#userDir}) over the bundled ones, with the overrides of
     * {@code overridesFile} (else the folder's {@code overrides.json}, if any).
     *
     * @throws IllegalArgumentException naming the file, for a table or an overrides file that can't be read
     */
    public static Prices load(Optional<Path> dir, Optional<Path> overridesFile) {
        PriceUnits units = new PriceUnits(resource("genai-prices-units.json"));
        List<Source> sources = new ArrayList<>();
        Optional<Path> overridesPath = overridesFile.or(() -> dir.map(d -> d.resolve(PriceFiles.OVERRIDES)).filter(Files::isRegularFile));
        Optional<NamedPrices> overrides = overridesPath.map(p -> NamedPrices.overrides("overrides " + p.getFileName(), read(p)));
        overrides.ifPresent(o -> sources.add(new Source("overrides", o.name(), overridesPath.get().toString(), o.models())));
        Optional<Path> storedGenai = dir.map(d -> d.resolve(PriceFiles.GENAI)).filter(Files::isRegularFile);
        PriceTable genai;
        if (storedGenai.isPresent()) {
            String name = PriceFiles.describe(storedGenai.get(), "genai-prices");
            genai = PriceTable.genaiPrices(name, read(storedGenai.get()));
            sources.add(new Source("genai-prices", name, storedGenai.get().toString(), genai.models()));
        } else {
            Properties meta = properties("genai-prices.properties");
            String name = "genai-prices " + meta.getProperty("version") + " (" + meta.getProperty("published") + ")";
            genai = PriceTable.genaiPrices(name, resource("genai-prices.json"));
            sources.add(new Source("genai-prices", name, "bundled: npm " + meta.getProperty("package") + "@"
                    + meta.getProperty("version") + ", " + meta.getProperty("license"), genai.models()));
        }
        Optional<Path> storedLite = dir.map(d -> d.resolve(PriceFiles.LITELLM)).filter(Files::isRegularFile);
        Optional<NamedPrices> lite = storedLite.map(p -> NamedPrices.liteLlm(PriceFiles.describe(p, "LiteLLM"), read(p)));
        lite.ifPresent(l -> sources.add(new Source("litellm", l.name(), storedLite.get().toString(), l.models())));
        return new Prices(units, overrides, genai, lite, sources, Instant.now());
    }

    /** The same tables, prices without a recorded time taken as at {@code now}. */
    public Prices at(Instant now) {
        return new Prices(units, overrides, genai, liteLlm, sources, now);
    }

    public List<Source> sources() {
        return sources;
    }

    /** The row {@code model} resolves to, from the first table that has one. */
    public Optional<PriceRow> find(String model) {
        if (model == null || model.isBlank()) {
            return Optional.empty();
        }
        Optional<PriceRow> row = overrides.flatMap(o -> o.find(model));
        if (row.isEmpty()) {
            row = genai.find(model);
        }
        if (row.isEmpty() && liteLlm.isPresent()) {
            row = liteLlm.get().find(model);
        }
        return row;
    }

    CallPricing.Priced price(BilledUsage bill, PriceRow row, Optional<Instant> at) {
        return CallPricing.price(bill, row, units, at, now);
    }

    /** Checks that {@code file} is a table this reads, and of which kind: {@code genai-prices} or {@code litellm}. */
    public static String kindOf(Path file) {
        JsonNode node = read(file);
        if (node.isArray()) {
            PriceTable.genaiPrices("check", node);
            return "genai-prices";
        }
        if (node.isObject() && node.path("models").isObject()) {
            throw new IllegalArgumentException(file + " is an overrides file, not a price table: pass it as --price-overrides");
        }
        NamedPrices lite = NamedPrices.liteLlm("check", node);
        if (lite.models() == 0) {
            throw new IllegalArgumentException(file + " holds no model priced per token");
        }
        return "litellm";
    }

    static JsonNode read(Path file) {
        try {
            return MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": not a JSON price table: " + e.getMessage().lines().findFirst().orElse(""), e);
        }
    }

    private static JsonNode resource(String name) {
        try (InputStream in = Prices.class.getResourceAsStream(RESOURCES + name)) {
            return MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Properties properties(String name) {
        Properties p = new Properties();
        try (InputStream in = Prices.class.getResourceAsStream(RESOURCES + name)) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }
}
