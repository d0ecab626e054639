/** The little of jsdom the Mermaid test uses (jsdom ships no types; @types/jsdom would be a dependency for two lines). */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string, options?: { pretendToBeVisual?: boolean })
    readonly window: Window & typeof globalThis
  }
}
