import { describe, expect, it } from "vitest";
import { dentalExperiment } from "../../../tests/fixtures";
import { ConfigError } from "../config";
import { parseExperiments, phaseOf, readExperiments, weightsOf } from "./settings";

const dental = dentalExperiment("dental-headline");

const error = (data: unknown) => {
  try {
    parseExperiments(data);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error("accepted");
};

describe("the experiments file", () => {
  it("reads an experiment with its page, language, arms and phase", () => {
    const [x] = parseExperiments([dental]);
    expect(x).toMatchObject({ id: "dental-headline", lang: "pt", page: "odontology", start: "2026-12-01" });
    expect(x.phase).toMatch(/^a1b1-[0-9a-f]{6}$/);
    expect(weightsOf(x.phase)).toEqual(
      new Map([
        ["a", 1],
        ["b", 1],
      ]),
    );
  });

  it("changing a weight or a variant starts a new phase", () => {
    const phase = phaseOf(dental.arms);
    expect(phaseOf([dental.arms[0], { ...dental.arms[1], weight: 2 }])).not.toBe(phase);
    expect(phaseOf([dental.arms[0], { ...dental.arms[1], variant: "clareamento" }])).not.toBe(phase);
    expect(phaseOf(structuredClone(dental.arms))).toBe(phase);
  });

  it("absent default file or [] is no experiment; a named file must exist", () => {
    const missing = () => {
      throw Object.assign(new Error("no"), { code: "ENOENT" });
    };
    expect(readExperiments({}, missing)).toEqual([]);
    expect(readExperiments({}, () => "[]")).toEqual([]);
    expect(() => readExperiments({ EXPERIMENTS_FILE: "x.json" }, missing)).toThrow(/EXPERIMENTS_FILE names a file/);
    expect(() => readExperiments({}, () => "[{")).toThrow(/EXPERIMENTS_FILE is not valid JSON/);
  });

  it.each<[string, unknown, RegExp]>([
    ["not an array", {}, /must hold a JSON array/],
    ["a bad id", [{ ...dental, id: "Dental" }], /entry 1: id must be/],
    ["an unknown field", [{ ...dental, weight: 1 }], /entry 1 \("dental-headline"\): weight is not a field/],
    ["an unknown page", [{ ...dental, page: "/segmentos/nada" }], /entry 1 \("dental-headline"\): page must be/],
    ["one arm", [{ ...dental, arms: [dental.arms[0]] }], /: arms must list 2 or 3 arms/],
    [
      "an arm id of two letters",
      [{ ...dental, arms: [dental.arms[0], { ...dental.arms[1], id: "bb" }] }],
      /arms\[1\]\.id must be one lowercase letter/,
    ],
    [
      "a variant of another language",
      [{ ...dental, arms: [dental.arms[0], { ...dental.arms[1], variant: "test-drive" }] }],
      /arms\[1\]\.variant must be null or a variant/,
    ],
    [
      "a fractional weight",
      [{ ...dental, arms: [dental.arms[0], { ...dental.arms[1], weight: 1.5 }] }],
      /arms\[1\]\.weight must be a whole number/,
    ],
    ["twice the same arm", [{ ...dental, arms: [dental.arms[0], dental.arms[0]] }], /arms must have different ids/],
    ["a bad day", [{ ...dental, start: "2026-02-30" }], /start must be a day/],
    ["an end before the start", [{ ...dental, end: "2026-11-30" }], /end must not be before start/],
    ["more than 90 days", [{ ...dental, end: "2027-03-02" }], /end must be at most 90 days/],
    ["a repeated id", [dental, { ...dental, start: "2027-01-01", end: "2027-01-31" }], /entry 2 .*id is used/],
    [
      "two experiments on one page at once",
      [dental, { ...dental, id: "other", start: "2026-12-31", end: "2027-01-31" }],
      /entry 2 \("other"\): page has another experiment \("dental-headline"\)/,
    ],
  ])("refuses %s, naming the entry and field", (_name, data, message) => {
    expect(error(data)).toMatch(message);
  });

  it("accepts 90 days exactly, three arms and back-to-back experiments on a page", () => {
    const three = { ...dental, arms: [...dental.arms, { id: "c", variant: "clareamento", weight: 2 }] };
    const next = { ...dental, id: "next", start: "2027-01-01", end: "2027-04-01" };
    expect(parseExperiments([three, next]).map((x) => x.phase.split("-")[0])).toEqual(["a1b1c2", "a1b1"]);
  });
});
