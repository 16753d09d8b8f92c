/**
 * Internal, not API (exported only to the library's own modules): {@link
 * io.github.reactiverobots.robotstxt.internal.settings.Limits}, the one check per kind of limit
 * every builder of the library applies to a setting.
 */
package io.github.reactiverobots.robotstxt.internal.settings;
