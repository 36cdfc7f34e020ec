/**
 * ISLAND (hydrated in the browser): the plan calculator.
 *
 * Without JavaScript it is a GET form the server answers with the result in place (#pricing).
 * With JavaScript the result follows what the visitor types. Every text arrives finished from the
 * server; only the two counts are formatted here, with the page's locale (formatCount, the same
 * as the server's, so hydration matches).
 */
import { useMemo, useState, type FormEvent } from "react";
import {
  calculate,
  figuresOf,
  LIMITS,
  type CalculatorQuery,
  type CalculatorState,
  type Field,
  type Figures,
} from "../shared/calculator";
import type { PlanId } from "../shared/plans";

export interface CalculatorProps {
  /** Where the no-JavaScript form goes: the page's own language path, at #pricing (`/en#pricing`). */
  action: string;
  locale: string;
  initial: CalculatorQuery;
  text: {
    leads: string;
    interactions: string;
    submit: string;
    errorLeads: string;
    errorInteractions: string;
    example: string;
    result: string;
    messages: string;
    creditsNeeded: string;
    recommended: string;
    invalid: string;
  };
  plans: Record<PlanId, { name: string; price: string; cta: string }>;
  /** The application, where every plan but Enterprise starts. */
  ctaHref: string;
  /** Talking to sales (WhatsApp or e-mail), for the Enterprise result. */
  salesHref: string;
  /** On an experiment arm's page (issue 37): its token, sent with the form so the answer is that arm's page. */
  xa?: string;
}

/** What the form shows for the values typed: the fields' state and the result's two counts, formatted. */
export interface CalculatorView {
  values: CalculatorQuery;
  state: CalculatorState;
  /** The result's messages and credits as shown (figuresOf), null when there is no result. */
  figures: Figures | null;
}

export function Calculator(props: CalculatorProps) {
  const [values, setValues] = useState(props.initial);
  const state = useMemo(() => calculate(values.leads, values.interactions), [values]);
  const figures = figuresOf(props.locale, state);
  return (
    <CalculatorForm
      props={props}
      view={{ values, state, figures }}
      onValue={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
    />
  );
}

/**
 * The calculator's markup for a view, without state of its own: what Calculator renders, and what
 * the server renders once per kind of answer with placeholders for the values (decision 040).
 */
export function CalculatorForm({
  props,
  view: { values, state, figures },
  onValue,
}: {
  props: CalculatorProps;
  view: CalculatorView;
  onValue: (name: Field, value: string) => void;
}) {
  const field = (name: Field, label: string, error: string) => {
    const invalid = state.errors[name];
    return (
      <div className={`field${invalid ? " field-invalid" : ""}`}>
        <label htmlFor={`calc-${name}`}>{label}</label>
        <input
          id={`calc-${name}`}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
          placeholder={String(LIMITS[name].placeholder)}
          value={values[name] ?? ""}
          aria-invalid={invalid ? "true" : undefined}
          aria-describedby={invalid ? `calc-${name}-error` : undefined}
          onChange={(e) => onValue(name, e.target.value)}
        />
        {invalid ? (
          <p className="field-error" id={`calc-${name}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  const onSubmit = (e: FormEvent) => e.preventDefault();
  const plan = state.result ? props.plans[state.result.plan] : null;

  return (
    <form className="calc-form" method="get" action={props.action} onSubmit={onSubmit} noValidate>
      {props.xa ? <input type="hidden" name="xa" value={props.xa} /> : null}
      <div className="calc-fields">
        {field("leads", props.text.leads, props.text.errorLeads)}
        {field("interactions", props.text.interactions, props.text.errorInteractions)}
        <button className="btn btn-secondary calc-submit" type="submit">
          {props.text.submit}
        </button>
      </div>
      <output className="calc-result" htmlFor="calc-leads calc-interactions" aria-live="polite">
        {state.result && plan && figures ? (
          <>
            <span className="calc-caption">{state.example ? props.text.example : props.text.result}</span>
            <span className="calc-figures">
              <span className="calc-figure">
                <span className="calc-label">{props.text.messages}</span> <strong>{figures.messages}</strong>
              </span>
              <span className="calc-figure">
                <span className="calc-label">{props.text.creditsNeeded}</span> <strong>{figures.credits}</strong>
              </span>
              <span className="calc-figure calc-plan">
                <span className="calc-label">{props.text.recommended}</span>{" "}
                <span className="calc-value">
                  <strong>{plan.name}</strong> <span className="calc-price">{plan.price}</span>
                </span>
              </span>
            </span>
            <a className="btn btn-primary" href={state.result.plan === "enterprise" ? props.salesHref : props.ctaHref}>
              {plan.cta}
            </a>
          </>
        ) : (
          <span className="calc-caption">{props.text.invalid}</span>
        )}
      </output>
    </form>
  );
}
