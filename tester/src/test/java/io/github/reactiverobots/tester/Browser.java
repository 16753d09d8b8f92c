package io.github.reactiverobots.tester;

import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Headless Chromium from the Debian packages, driven through the installed chromedriver: the paths
 * are set explicitly, so Selenium Manager never looks for (or downloads) anything. With {@code CI}
 * set, a missing browser fails the test; otherwise the test is skipped.
 */
final class Browser {
  static final File DRIVER = new File("/usr/bin/chromedriver");
  static final File CHROMIUM = new File("/usr/bin/chromium");

  private Browser() {}

  static ChromeDriver start(Path profileDir) throws IOException {
    if (!DRIVER.canExecute() || !CHROMIUM.canExecute()) {
      String missing =
          "chromium and chromium-driver ("
              + CHROMIUM
              + ", "
              + DRIVER
              + ") are"
              + " needed: apt-get install chromium chromium-driver";
      if (System.getenv("CI") != null) {
        fail(missing);
      }
      Assumptions.abort(missing);
    }
    System.setProperty("webdriver.chrome.driver", DRIVER.getPath());
    ChromeDriverService service =
        new ChromeDriverService.Builder().usingDriverExecutable(DRIVER).usingAnyFreePort().build();
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM);
    options.addArguments(
        List.of(
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-dev-shm-usage",
            "--window-size=1440,1000",
            "--user-data-dir=" + Files.createDirectories(profileDir).toAbsolutePath()));
    return new ChromeDriver(service, options);
  }
}
