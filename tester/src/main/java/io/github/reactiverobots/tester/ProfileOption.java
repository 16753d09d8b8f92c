package io.github.reactiverobots.tester;

import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.model.Profile;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** The {@code --profile} option shared by the commands: {@code google} (the default) or rfc9309. */
final class ProfileOption {
  @Option(
      names = "--profile",
      paramLabel = "google|rfc9309",
      converter = Converter.class,
      defaultValue = "google",
      description = "How to read the file: google (Google's matcher, the default) or rfc9309.")
  Profile profile = Profile.GOOGLE;

  ParseOptions options() {
    return ParseOptions.of(profile);
  }

  /** Reads a profile name. */
  static final class Converter implements ITypeConverter<Profile> {
    @Override
    public Profile convert(String value) {
      return parse(value);
    }
  }

  static Profile parse(String value) {
    switch (value.toLowerCase(java.util.Locale.ROOT)) {
      case "google":
        return Profile.GOOGLE;
      case "rfc9309":
      case "rfc":
        return Profile.RFC_9309;
      default:
        throw new TypeConversionException(
            "unknown profile '" + Text.printable(value) + "': use google or rfc9309");
    }
  }
}
