package dev.tracedeck.desktop.cost;

import dev.tracedeck.analysis.cost.CallCost;
import dev.tracedeck.analysis.cost.CostTotal;
import java.util.List;
import java.util.Optional;

/**
 * One row of the Cost view: a group (a model, a thread, an agent) with its total, or one call under it with its own
 * bill. Grouped by call, each row is a call and its own group.
 *
 * @param label         what the row is: the model, the thread, the agent, or the call's line and model
 * @param depth         how far it is indented: a call under its group, a sub-agent under the agent that started it
 * @param total         its cost and tokens by bucket (a call's own)
 * @param withSubAgents with the sub-agents it started; the same as {@code total} where it can have none
 * @param priceRows     the price rows it used, "UNPRICED" for a model no table prices
 * @param call          the call, for a call's row
 */
public record CostRow(String label, int depth, CostTotal total, CostTotal withSubAgents, List<String> priceRows,
                      Optional<CallCost> call) {

    public CostRow {
        priceRows = List.copyOf(priceRows);
    }

    public boolean isCall() {
        return call.isPresent();
    }

    /** Whether the row's token counts are Tracedeck's estimate in whole, in part, or not at all. */
    public boolean estimated() {
        return total.estimated() > 0;
    }

    public boolean partlyEstimated() {
        return total.estimated() > 0 && total.estimated() < total.calls();
    }
}
