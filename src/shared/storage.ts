/**
 * The saved language, read and written defensively: `window.localStorage` itself throws where
 * storage is blocked (cookies off, some private modes), so every access is inside try/catch and a
 * failure simply means "nothing saved" (Portuguese).
 */
import { isLang, STORAGE_KEY, type Lang } from "./languages";

type StorageHost = { localStorage: Pick<Storage, "getItem" | "setItem"> };

export function readSavedLang(host: StorageHost = window): Lang | null {
  try {
    const value = host.localStorage.getItem(STORAGE_KEY);
    return isLang(value) ? value : null;
  } catch {
    return null;
  }
}

export function saveLang(lang: Lang, host: StorageHost = window): boolean {
  try {
    host.localStorage.setItem(STORAGE_KEY, lang);
    return true;
  } catch {
    return false;
  }
}
