export type Greeting = "morning" | "afternoon" | "evening";

const hourFormat = new Intl.DateTimeFormat("en-US", {
  hour: "numeric",
  hourCycle: "h23",
  timeZone: "America/New_York",
});

/** The greeting follows the business's clock, whatever the server's zone; its day starts at 4 AM. */
export function greetingAt(now: Date): Greeting {
  const hour = Number(hourFormat.format(now));
  if (hour >= 4 && hour < 12) return "morning";
  if (hour >= 12 && hour < 18) return "afternoon";
  return "evening";
}
