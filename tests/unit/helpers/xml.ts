/** Parses XML (sitemap, RSS) with happy-dom's DOMParser and fails on any well-formedness error. */
import { Window } from 'happy-dom';

const window = new Window();

export function parseXml(text: string): Document {
  const doc = new window.DOMParser().parseFromString(text, 'application/xml') as unknown as Document;
  const error = doc.querySelector('parsererror');
  if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
  return doc;
}

export function parseHtml(text: string): Document {
  return new window.DOMParser().parseFromString(text, 'text/html') as unknown as Document;
}
