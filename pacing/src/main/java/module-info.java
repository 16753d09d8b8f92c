/**
 * reactive-robots pacing: politeness as a Reactor operator. {@link
 * io.github.reactiverobots.pacing.Pacer} releases work items when their origin may be contacted, by
 * the rules a {@code RobotsCache} holds (SEMANTICS.md §10).
 */
module io.github.reactiverobots.pacing {
  requires transitive io.github.reactiverobots.core;

  exports io.github.reactiverobots.pacing;
}
