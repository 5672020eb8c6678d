/**
 * Inserts admin-provided markup (snippets, ad codes) so that its scripts run: script elements with a
 * source become async external scripts, inline scripts are re-created (innerHTML never runs them),
 * other markup is inserted as is. Admin content is trusted (admin spec §7 "Snippet injection").
 */
export function injectMarkup(html: string, target: Element, position: 'append' | 'prepend' = 'append'): void {
  if (!html.trim()) return;
  const template = document.createElement('template');
  template.innerHTML = html;
  const nodes = Array.from(template.content.childNodes).map((node) => {
    if (node instanceof HTMLScriptElement) {
      const script = document.createElement('script');
      for (const attribute of Array.from(node.attributes)) script.setAttribute(attribute.name, attribute.value);
      if (node.src) script.async = true;
      else script.textContent = node.textContent;
      return script;
    }
    return node;
  });
  if (position === 'prepend') target.prepend(...nodes);
  else target.append(...nodes);
}
