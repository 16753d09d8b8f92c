package io.github.reactiverobots.core.internal;

import io.github.reactiverobots.core.event.RobotsCacheListener;
import io.github.reactiverobots.core.event.RobotsCacheListener.EvictionCause;
import io.github.reactiverobots.core.event.RobotsCacheListener.Lookup;
import io.github.reactiverobots.core.event.RobotsCacheListener.StoreEvent;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.github.reactiverobots.robotstxt.usage.UsageAnswer;
import java.util.Arrays;
import java.util.Objects;

/**
 * Fans the cache's events out to its listeners, catching and dropping whatever a listener throws so
 * that a faulty listener never changes a verdict. With no listener every method returns after one
 * volatile read. Thread-safe (listeners are added copy-on-write).
 */
public final class Events {
  private static final RobotsCacheListener[] NONE = new RobotsCacheListener[0];

  private volatile RobotsCacheListener[] listeners = NONE;

  /** Adds a listener; it receives events from now on. */
  synchronized void add(RobotsCacheListener listener) {
    Objects.requireNonNull(listener, "listener");
    RobotsCacheListener[] now = Arrays.copyOf(listeners, listeners.length + 1);
    now[now.length - 1] = listener;
    listeners = now;
  }

  /** Whether any listener is registered (lets callers skip timing work). */
  public boolean active() {
    return listeners.length != 0;
  }

  public void lookup(Origin origin, Lookup lookup) {
    for (RobotsCacheListener l : listeners) {
      try {
        l.onLookup(origin, lookup);
      } catch (RuntimeException e) {
        // a listener's failure never affects the cache
      }
    }
  }

  void fetchStarted(Origin origin) {
    for (RobotsCacheListener l : listeners) {
      try {
        l.onFetchStarted(origin);
      } catch (RuntimeException e) {
        // a listener's failure never affects the cache
      }
    }
  }

  void fetchFinished(
      Origin origin,
      FetchOutcome outcome,
      int status,
      FailureKind failure,
      long bodyBytes,
      long nanos) {
    for (RobotsCacheListener l : listeners) {
      try {
        l.onFetchFinished(origin, outcome, status, failure, bodyBytes, nanos);
      } catch (RuntimeException e) {
        // a listener's failure never affects the cache
      }
    }
  }

  void parsed(Origin origin, long bodyBytes, long nanos) {
    for (RobotsCacheListener l : listeners) {
      try {
        l.onParsed(origin, bodyBytes, nanos);
      } catch (RuntimeException e) {
        // a listener's failure never affects the cache
      }
    }
  }

  void eviction(Origin origin, EvictionCause cause, long weight) {
    for (RobotsCacheListener l : listeners) {
      try {
        l.onEviction(origin, cause, weight);
      } catch (RuntimeException e) {
        // a listener's failure never affects the cache
      }
    }
  }

  void store(Origin origin, StoreEvent event) {
    for (RobotsCacheListener l : listeners) {
      try {
        l.onStore(origin, event);
      } catch (RuntimeException e) {
        // a listener's failure never affects the cache
      }
    }
  }

  public void verdict(Verdict verdict, long nanos) {
    for (RobotsCacheListener l : listeners) {
      try {
        l.onVerdict(verdict, nanos);
      } catch (RuntimeException e) {
        // a listener's failure never affects the cache
      }
    }
  }

  public void usageAnswer(UsageAnswer answer) {
    for (RobotsCacheListener l : listeners) {
      try {
        l.onUsageAnswer(answer);
      } catch (RuntimeException e) {
        // a listener's failure never affects the cache
      }
    }
  }
}
