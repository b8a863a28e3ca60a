package dev.tracedeck.desktop.common;

import java.util.function.Consumer;
import java.util.function.Predicate;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;

/** Acting once on a value that is still to come: the listener removes itself the first time it acts. */
public final class Once {

    private Once() {
    }

    /** Runs {@code then} with the first value {@code value} changes to that {@code until} accepts, then stops listening. */
    public static <T> void whenNext(ObservableValue<T> value, Predicate<? super T> until, Consumer<? super T> then) {
        value.addListener(new ChangeListener<T>() {
            @Override
            public void changed(ObservableValue<? extends T> obs, T old, T now) {
                if (until.test(now)) {
                    obs.removeListener(this);
                    then.accept(now);
                }
            }
        });
    }

    /** As {@link #whenNext}, but at once when the value {@code value} holds now is already accepted. */
    public static <T> void when(ObservableValue<T> value, Predicate<? super T> until, Consumer<? super T> then) {
        T now = value.getValue();
        if (until.test(now)) {
            then.accept(now);
        } else {
            whenNext(value, until, then);
        }
    }
}
