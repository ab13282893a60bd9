import { describe, expect, it } from "vitest";
import { formatLine } from "./whatsapp-format";

describe("formatLine", () => {
  it("draws each marker's style and drops the markers", () => {
    expect(formatLine("plain text")).toEqual([{ text: "plain text" }]);
    expect(formatLine("")).toEqual([]);
    expect(formatLine("*bold* and _italic_ and ~gone~ and ```mono```")).toEqual([
      { text: "bold", bold: true },
      { text: " and " },
      { text: "italic", italic: true },
      { text: " and " },
      { text: "gone", strike: true },
      { text: " and " },
      { text: "mono", mono: true },
    ]);
    expect(formatLine("*several words in bold*")).toEqual([{ text: "several words in bold", bold: true }]);
  });

  it("opens a marker only before a non-space, after the start, a space or punctuation", () => {
    expect(formatLine("a*b* c")).toEqual([{ text: "a*b* c" }]);
    expect(formatLine("snake_case_name")).toEqual([{ text: "snake_case_name" }]);
    expect(formatLine("* not bold*")).toEqual([{ text: "* not bold*" }]);
    expect(formatLine("2*3*4")).toEqual([{ text: "2*3*4" }]);
    expect(formatLine("(*yes*)")).toEqual([{ text: "(" }, { text: "yes", bold: true }, { text: ")" }]);
    expect(formatLine("“_quoted_”")).toEqual([{ text: "“" }, { text: "quoted", italic: true }, { text: "”" }]);
  });

  it("closes a marker only after a non-space, before the end, a space or punctuation", () => {
    expect(formatLine("*not bold *")).toEqual([{ text: "*not bold *" }]);
    expect(formatLine("*a*b")).toEqual([{ text: "*a*b" }]);
    expect(formatLine("*bold*, then")).toEqual([{ text: "bold", bold: true }, { text: ", then" }]);
    // A closer that cannot close keeps looking: the pair is the first that can.
    expect(formatLine("*a*b c*")).toEqual([{ text: "a*b c", bold: true }]);
    expect(formatLine("*a* b*")).toEqual([{ text: "a", bold: true }, { text: " b*" }]);
  });

  it("leaves a lone or empty marker as it is", () => {
    expect(formatLine("5 * 3")).toEqual([{ text: "5 * 3" }]);
    expect(formatLine("**")).toEqual([{ text: "**" }]);
    expect(formatLine("__ ~~ ``````")).toEqual([{ text: "__ ~~ ``````" }]);
    expect(formatLine("*open only")).toEqual([{ text: "*open only" }]);
    expect(formatLine("a ~ b ~ c")).toEqual([{ text: "a ~ b ~ c" }]);
  });

  it("nests bold, italic and strike", () => {
    expect(formatLine("*_both_*")).toEqual([{ text: "both", bold: true, italic: true }]);
    expect(formatLine("_~both~_")).toEqual([{ text: "both", italic: true, strike: true }]);
    expect(formatLine("*bold _and italic_ bold*")).toEqual([
      { text: "bold ", bold: true },
      { text: "and italic", bold: true, italic: true },
      { text: " bold", bold: true },
    ]);
    // Crossed pairs: the inner opener left inside the outer pair is plain text.
    expect(formatLine("*a _b* c_")).toEqual([{ text: "a _b", bold: true }, { text: " c_" }]);
  });

  it("draws monospace as typed, markers and all", () => {
    expect(formatLine("```*not bold* _x_```")).toEqual([{ text: "*not bold* _x_", mono: true }]);
    expect(formatLine("*bold ```mono``` bold*")).toEqual([
      { text: "bold ", bold: true },
      { text: "mono", bold: true, mono: true },
      { text: " bold", bold: true },
    ]);
    expect(formatLine("a```b```")).toEqual([{ text: "a```b```" }]);
    expect(formatLine("``` x```")).toEqual([{ text: "``` x```" }]);
    expect(formatLine("say `code` here")).toEqual([{ text: "say " }, { text: "code", mono: true }, { text: " here" }]);
  });

  it("keeps emoji and other scripts whole, next to markers too", () => {
    expect(formatLine("🍎 *Fruits* _(continued)_")).toEqual([
      { text: "🍎 " },
      { text: "Fruits", bold: true },
      { text: " " },
      { text: "(continued)", italic: true },
    ]);
    expect(formatLine("🍍*Piña 👩‍🌾*🍍")).toEqual([{ text: "🍍" }, { text: "Piña 👩‍🌾", bold: true }, { text: "🍍" }]);
    expect(formatLine("*رمان*")).toEqual([{ text: "رمان", bold: true }]);
  });

  it("formats nothing in text whose markers were swapped for look-alikes", () => {
    expect(formatLine("∗bold∗ ˍitalicˍ ∼strike∼ ˋˋˋmonoˋˋˋ")).toEqual([
      { text: "∗bold∗ ˍitalicˍ ∼strike∼ ˋˋˋmonoˋˋˋ" },
    ]);
  });
});
