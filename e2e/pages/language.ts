import { expect, type Page } from '@playwright/test'

export type Language = 'en' | 'es'
const LOCALES: Record<Language, string> = { en: 'en', es: 'es-ES' }

/**
 * Picks a language in the top bar's switcher, as a user does, and waits until the page speaks
 * it. The switcher is found by its id: its label is in whichever language the page speaks now.
 */
export async function chooseLanguage(app: Page, language: Language): Promise<void> {
  await app.locator('#language').selectOption(language)
  await expect(app.locator('html')).toHaveAttribute('lang', LOCALES[language])
}

/**
 * Every text a user meets on the page as it is: the visible text, the options of its lists, and
 * what assistive technology reads (aria-label, title, placeholder, alt). Text inside an element
 * marked `translate="no"` (data: tokens, names, URLs, JSON) or in another language than the
 * page's (`lang`: a service's own English words) is left out; so are texts without a letter.
 */
export async function textsOnScreen(app: Page): Promise<string[]> {
  return app.evaluate(() => {
    const pageLang = document.documentElement.lang
    const texts = new Set<string>()
    const excluded = (element: Element | null): boolean => {
      for (let at = element; at; at = at.parentElement) {
        if (at.getAttribute('translate') === 'no') return true
        const lang = at.getAttribute('lang')
        if (lang !== null && at !== document.documentElement) return lang !== pageLang
      }
      return false
    }
    const visible = (element: Element): boolean =>
      element.closest('select') !== null || element.getClientRects().length > 0
    const add = (text: string | null | undefined) => {
      const clean = (text ?? '').replace(/\s+/g, ' ').trim()
      if (/\p{L}/u.test(clean)) texts.add(clean)
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue
      if (excluded(parent) || !visible(parent)) continue
      add(node.textContent)
    }
    for (const element of document.body.querySelectorAll(
      '[aria-label],[title],[placeholder],[alt]',
    )) {
      if (excluded(element)) continue
      for (const name of ['aria-label', 'title', 'placeholder', 'alt'])
        add(element.getAttribute(name))
    }
    return [...texts].sort()
  })
}
