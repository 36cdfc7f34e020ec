/**
 * The calculator island for an answer without running React per request (decision 040). What an
 * answer changes in the island's HTML and props is a handful of values (the two fields as typed,
 * the result's messages and credits); everything else follows from its kind: whether each field is
 * absent, empty, invalid or a value, and which plan the answer recommends. So the island is
 * rendered once per kind of answer, by the same components as the page, with a mark where each
 * value goes, and an answer is that template with its values put in.
 *
 * A kind is everything the markup depends on but the values: each field's kind and whether it is
 * in error, whether the example is shown, and the result (five plans or none). From sanitized
 * queries there are at most 96 per language (a value is never in error, the example is both fields
 * blank); whatever a caller passes, at most 768. Built on first use and kept by the renderer that
 * islandRenderer() returns (one per language and settings: answer/index.ts). How many places each
 * value goes is what the marked render holds, not a count written here; a template is kept only
 * when, filled with the plain values of the first answer of its kind, it is what React renders for
 * that answer (else that kind is rendered by React). The values put in start with a digit and hold only
 * digits and the counts' group separators, which no escaper (React's HTML, the props' JSON)
 * changes; any other value (only a caller that did not sanitize the query can pass one) is
 * rendered by React instead. Tests: island-template.test.tsx.
 */
import { renderToString } from "react-dom/server";
import { IslandRoot } from "../../components/Island";
import { calculatorIslandProps, renderIsland, type CalculatorBaseProps } from "./props";
import { CalculatorForm } from "../../islands/Calculator";
import { islandPrefix } from "../../shared/islandMarkers";
import { calculate, figuresOf, type CalculatorQuery, type CalculatorState } from "../../shared/calculator";
import { jsonForScript } from "../../../views/document";

type Slot = "leads" | "interactions" | "messages" | "credits";
type Values = Record<Slot, string | null | undefined>;

/** Where a value goes: private-use characters, which no copy holds and no escaper changes. */
const MARK: Record<Slot, string> = { leads: "\uE000", interactions: "\uE001", messages: "\uE002", credits: "\uE003" };
const SLOT_OF = new Map(Object.entries(MARK).map(([slot, mark]) => [mark, slot as Slot]));

/**
 * Values that read the same escaped or not, in HTML and in JSON, and that calculate() reads as a
 * number (never as blank): a digit, then digits and digit-group separators.
 */
const PLAIN = /^[0-9][0-9.,\u00a0\u202f]*$/;

/** The island's HTML cut at its values: `text[0]`, the value of `slots[0]`, `text[1]`, … */
interface Template {
  text: string[];
  slots: Slot[];
}

type FieldKind = "absent" | "empty" | "invalid" | "value";

/**
 * A field as sanitizeQuery leaves it: undefined, "", null or the value. (Unsanitized, a "value" may
 * be blank or invalid: the key's error and example parts tell those apart.)
 */
function kindOf(value: string | null | undefined): FieldKind {
  return value === undefined ? "absent" : value === null ? "invalid" : value === "" ? "empty" : "value";
}

/** The island for a query, byte for byte what CalculatorIsland renders for those props. */
export type IslandRenderer = ((query: CalculatorQuery) => string) & {
  /** How many kinds have a template and how many are rendered by React (tests, diagnostics). */
  kinds(): { templates: number; react: number };
};

/**
 * The island renderer for one props object (one language and settings): its templates are its own,
 * built on first use of each kind and kept as long as it is.
 */
export function islandRenderer(props: CalculatorBaseProps): IslandRenderer {
  /** A kind's template, or "react" when its template would not give React's bytes. */
  const templates = new Map<string, Template | "react">();
  const react = (query: CalculatorQuery) => renderIsland(props, query);
  const render = (query: CalculatorQuery): string => {
    const state = calculate(query.leads, query.interactions);
    const figures = figuresOf(props.locale, state);
    const values: Values = {
      leads: query.leads,
      interactions: query.interactions,
      messages: figures?.messages,
      credits: figures?.credits,
    };
    const key = [
      `${kindOf(query.leads)}:${state.errors.leads}`,
      `${kindOf(query.interactions)}:${state.errors.interactions}`,
      state.example ? "example" : "",
      state.result?.plan ?? "none",
    ].join(" ");
    const template = templates.get(key);
    if (template) return (template !== "react" && fill(template, values)) || react(query);
    // The first answer of its kind with plain values builds the template, and checks it against React.
    const built = build(props, query, state);
    const html = fill(built, values);
    if (html === undefined) return react(query);
    const expected = react(query);
    templates.set(key, html === expected ? built : "react");
    return expected;
  };
  return Object.assign(render, {
    kinds: () => {
      const all = [...templates.values()];
      return { templates: all.filter((t) => t !== "react").length, react: all.filter((t) => t === "react").length };
    },
  });
}

/** The template with `values` put in; undefined when a value it holds is not plain. */
function fill(template: Template, values: Values): string | undefined {
  let html = template.text[0];
  for (let i = 0; i < template.slots.length; i++) {
    const value = values[template.slots[i]];
    if (!value || !PLAIN.test(value)) return undefined;
    html += value + template.text[i + 1];
  }
  return html;
}

/** Renders the island for the kind of `query` (its `state`) with a mark for each value, and cuts it there. */
function build(props: CalculatorBaseProps, query: CalculatorQuery, state: CalculatorState): Template {
  const mark = (slot: "leads" | "interactions") => (kindOf(query[slot]) === "value" ? MARK[slot] : query[slot]);
  const values: CalculatorQuery = { leads: mark("leads"), interactions: mark("interactions") };
  const islandProps = calculatorIslandProps(props, values);
  const figures = state.result ? { messages: MARK.messages, credits: MARK.credits } : null;
  const form = renderToString(
    <CalculatorForm props={islandProps} view={{ values, state, figures }} onValue={() => {}} />,
    { identifierPrefix: islandPrefix("calculator") },
  );
  const pieces = renderToString(<IslandRoot name="calculator" html={form} json={jsonForScript(islandProps)} />).split(
    /([\uE000-\uE003])/,
  );
  const template: Template = { text: pieces.filter((_, i) => i % 2 === 0), slots: [] };
  for (let i = 1; i < pieces.length; i += 2) template.slots.push(SLOT_OF.get(pieces[i])!);
  return template;
}
