package io.github.reactiverobots.pacing;

import io.github.reactiverobots.pacing.PacerListener.Capped;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Fans a pacer's events out to its listeners, dropping whatever a listener throws so that a faulty
 * listener never changes what is released. Thread-safe (listeners are added copy-on-write).
 */
final class PacerEvents {
  private volatile PacerListener[] listeners = new PacerListener[0];

  synchronized void add(PacerListener listener) {
    Objects.requireNonNull(listener, "listener");
    PacerListener[] now = Arrays.copyOf(listeners, listeners.length + 1);
    now[now.length - 1] = listener;
    listeners = now;
  }

  void released(Origin origin, long waitedNanos) {
    each(l -> l.onReleased(origin, waitedNanos));
  }

  void disallowed(Origin origin, Verdict verdict) {
    each(l -> l.onDisallowed(origin, verdict));
  }

  void deferred(Origin origin) {
    each(l -> l.onDeferred(origin));
  }

  void capped(Origin origin, Capped what, Duration asked, Duration applied) {
    each(l -> l.onCapped(origin, what, asked, applied));
  }

  void slowedDown(Origin origin, int status, Duration pause) {
    each(l -> l.onSlowedDown(origin, status, pause));
  }

  void sharedSpacingFallback(Origin origin) {
    each(l -> l.onSharedSpacingFallback(origin));
  }

  void sharedSpacingReserved(Origin origin, Duration wait) {
    each(l -> l.onSharedSpacingReserved(origin, wait));
  }

  private void each(Consumer<PacerListener> event) {
    for (PacerListener l : listeners) {
      try {
        event.accept(l);
      } catch (RuntimeException e) {
        // a listener's failure never affects the pacer
      }
    }
  }
}
