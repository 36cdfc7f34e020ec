/**
 * Every icon the site draws, by the id components use, and where it comes from in Tabler Icons
 * (MIT; decision 023): "outline/NAME" or "filled/NAME" in @tabler/icons. build.ts turns exactly
 * these into one content-hashed SVG sprite (build/sprite.ts); pages reference it with <use>.
 * Components pick icons here by key; which icon stands for what is design, not copy.
 */
export const ICONS = {
  // Features
  microphone: "outline/microphone",
  photo: "outline/photo",
  pdf: "outline/file-type-pdf",
  paperclip: "outline/paperclip",
  userCheck: "outline/user-check",
  repeat: "outline/repeat",
  speakerphone: "outline/speakerphone",
  hourglass: "outline/hourglass",
  history: "outline/history",
  calendarCheck: "outline/calendar-check",
  whatsapp: "outline/brand-whatsapp",
  addressBook: "outline/address-book",
  phonePlus: "outline/device-mobile-message",
  target: "outline/target",
  broadcast: "outline/broadcast",
  trendingUp: "outline/trending-up",
  chart: "outline/chart-bar",
  shield: "outline/shield-check",
  // Industries
  dental: "outline/dental",
  car: "outline/car",
  sparkles: "outline/sparkles",
  store: "outline/building-store",
  wifi: "outline/wifi",
  stethoscope: "outline/stethoscope",
  school: "outline/school",
  delivery: "outline/truck-delivery",
  plane: "outline/plane",
  factory: "outline/building-factory-2",
  calculator: "outline/calculator",
  scale: "outline/scale",
  kitchen: "outline/tools-kitchen-2",
  smartphone: "outline/device-mobile",
  estate: "outline/building-estate",
  barbell: "outline/barbell",
  hanger: "outline/hanger",
  briefcase: "outline/briefcase",
  plus: "outline/plus",
  // Hero, pricing, FAQ, footer
  brain: "outline/brain",
  users: "outline/users",
  arrowRight: "outline/arrow-right",
  arrowLeft: "outline/arrow-left",
  play: "filled/player-play",
  checks: "outline/checks",
  check: "outline/check",
  coins: "outline/coins",
  chevronDown: "outline/chevron-down",
  instagram: "outline/brand-instagram",
  linkedin: "outline/brand-linkedin",
  youtube: "outline/brand-youtube",
  // 404 and error pages
  messageQuestion: "outline/message-question",
} as const satisfies Record<string, `${"outline" | "filled"}/${string}`>;

export type IconId = keyof typeof ICONS;
