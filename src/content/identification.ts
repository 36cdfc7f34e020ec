/**
 * Who provides the site, as a page shows it (Decreto 7.962/2013, art. 2; decision 017): the
 * configured company name, CNPJ and address, or, for each one not set, the catalogue's marked
 * placeholder (`footer.unset.*`), which a reader recognises as such. The settings hold null for an
 * unset value (decision 050); only this module turns it into text.
 */
import { t } from "./catalogue";
import type { PageSettings } from "./site";
import type { Lang } from "../shared/languages";

export interface Identification {
  company: string;
  cnpj: string;
  address: string;
}

export function identification(settings: PageSettings, lang: Lang): Identification {
  return {
    company: settings.companyName ?? t(lang, "footer.unset.company"),
    cnpj: settings.companyCnpj ?? t(lang, "footer.unset.cnpj"),
    address: settings.companyAddress ?? t(lang, "footer.unset.address"),
  };
}
