/**
 * The plans: monthly credits, connections, pixels and prices, as the business set them. Figures only;
 * every word shown about them comes from locales/.
 * Plan names are product names and are not translated.
 */
export type PlanId = "freemium" | "starter" | "pro" | "scale" | "enterprise";

export interface Plan {
  id: PlanId;
  name: string;
  /** Monthly credits; null = unlimited messages. */
  credits: number | null;
  /** WhatsApp connections; null = unlimited. */
  connections: number | null;
  /** Ad pixels (coming soon): "soon" = announced, null = unlimited, undefined = not offered. */
  pixels?: number | "soon" | null;
  /** Monthly price in reais (pt, es) and US dollars (en); 0 = free, null = on request. */
  priceBrl: number | null;
  priceUsd: number | null;
  popular: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: "freemium",
    name: "Freemium",
    credits: 700,
    connections: 1,
    pixels: "soon",
    priceBrl: 0,
    priceUsd: 0,
    popular: false,
  },
  { id: "starter", name: "Starter", credits: 10_000, connections: 2, priceBrl: 197, priceUsd: 39.4, popular: false },
  { id: "pro", name: "Pro", credits: 50_000, connections: 5, pixels: 5, priceBrl: 497, priceUsd: 96.9, popular: true },
  {
    id: "scale",
    name: "Scale",
    credits: 120_000,
    connections: 20,
    pixels: 20,
    priceBrl: 997,
    priceUsd: 197.1,
    popular: false,
  },
  {
    id: "enterprise",
    name: "Enterprise",
    credits: null,
    connections: null,
    pixels: null,
    priceBrl: null,
    priceUsd: null,
    popular: false,
  },
];

/** Each message the AI processes deducts this many credits from the monthly limit. */
export const CREDITS_PER_MESSAGE = 10;
