/**
 * The errors `site dev`'s content editor answers an author with (generator/editor/): part of the one
 * error table (errors.ts). Each says what happened in the author's words and what to do; the editor's
 * API sends them with a 4xx status (editor/apiAnswer.ts).
 */
import { entry } from './errorEntry.ts';

const list = (names: readonly string[]) => (names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', '));

export const editorErrors = {
  EditorRequestInvalid: entry<{ reason: string }>({
    title: 'Request not understood',
    message: ({ reason }) => `The editor could not read this request: ${reason}.`,
    hint: 'Reload the editor page; if it happens again, the editor and the server are from different starts of site dev.',
  }),
  EditorPathRefused: entry<{ path: string; reason: string }>({
    title: 'Not a content file',
    message: ({ path, reason }) => `${path || 'That path'} is refused: ${reason}.`,
    hint: 'The editor opens only files inside the content folder: pick one from its list.',
  }),
  EditorEntryMissing: entry<{ file: string }>({
    title: 'Entry not found',
    message: ({ file }) => `${file} is not there any more: it was deleted or renamed meanwhile.`,
    hint: 'Pick the entry again from the list.',
  }),
  EditorEntryChanged: entry<{ file: string }>({
    title: 'Changed on disk',
    message: ({ file }) => `${file} was changed by someone else (or another program) since you opened it, so your version was not saved over it.`,
    hint: 'Compare the two versions field by field: keep yours, take the one on disk, or merge them, then save again. Your edits are still in the form.',
  }),
  EditorEntryExists: entry<{ file: string }>({
    title: 'File name taken',
    message: ({ file }) => `There is already an entry named ${file}, so a new one cannot take that name.`,
    hint: 'Choose another file name (your text stays in the form), or open the existing entry from the list.',
  }),
  EditorFileNameInvalid: entry<{ name: string }>({
    title: 'File name not allowed',
    message: ({ name }) => `"${name}" cannot be the file name: use lower case letters, digits, "-" and "_" (and "/" for a subfolder).`,
    hint: 'The file name becomes the page\'s address: for example "spring-walks".',
  }),
  EditorNotAList: entry<{ collection: string }>({
    title: 'Entries cannot be added here',
    message: ({ collection }) => `${collection} is not a list of entries: its files are fixed by the site, so none is added or deleted.`,
    hint: 'Edit its existing files instead.',
  }),
  EditorLocaleUnknown: entry<{ locale: string; known: string[] }>({
    title: 'Language unknown',
    message: ({ locale, known }) => `"${locale}" is not one of the site's languages (${known.join(', ') || 'it has none'}).`,
    hint: 'Pick a language from the list the editor offers; the site declares them in site.config.ts (i18n).',
  }),
  EditorValueTooDeep: entry<{ depth: number }>({
    title: 'Value nested too deeply',
    message: ({ depth }) => `A value of this entry is nested more than ${depth} levels deep, which no content file needs.`,
    hint: 'Reload the editor page; a form never sends this.',
  }),
  EditorEntryUnwritable: entry<{ file: string; reason: string }>({
    title: 'Entry cannot be written',
    message: ({ file, reason }) => `${file} cannot be written this way: ${reason}.`,
    hint: 'Edit the field in the file itself, or leave it as it was.',
  }),
  EditorEntryUnreadable: entry<{ file: string; reason: string }>({
    title: 'Entry cannot be read',
    message: ({ file, reason }) => `${file} cannot be opened in the form: ${reason}.`,
    hint: 'Fix the file in a text editor (site dev\'s terminal names the line), then open it again.',
  }),
  EditorUnknownFile: entry<{ file: string }>({
    title: 'Not a content file',
    message: ({ file }) => `${file} belongs to no collection of the site.`,
    hint: "Open it from the editor's list.",
  }),
  EditorImageAltMissing: entry<Record<string, never>>({
    title: 'Alt text missing',
    message: () => 'An image needs its alt text: what it shows, for readers who cannot see it.',
    hint: 'Write a short description, for example "A map of the northern trail".',
  }),
  EditorImageName: entry<{ name: string }>({
    title: 'Not an image file name',
    message: ({ name }) => `${name || 'The file'} is not named as an image: the editor takes .png, .jpg, .jpeg, .webp, .avif and .gif files.`,
    hint: 'Export the picture as PNG, JPEG or WebP and upload that file.',
  }),
  EditorImageUnreadable: entry<{ name: string; expected: string; found: string }>({
    title: 'Not an image',
    message: ({ name, expected, found }) => `${name} is named as a ${expected} image, but its bytes are ${found}: it was not uploaded.`,
    hint: 'Open the picture in an image program and export it again as PNG, JPEG or WebP; a renamed file of another type is not an image.',
  }),
  EditorImageSvg: entry<{ name: string }>({
    title: 'SVG not accepted',
    message: ({ name }) => `${name} is an SVG drawing: the editor does not publish SVG files, which can carry scripts.`,
    hint: 'Export the drawing as PNG or WebP and upload that file.',
  }),
  EditorImageSize: entry<{ bytes: number; limit: number }>({
    title: 'Image empty or too large',
    message: ({ bytes, limit }) => (bytes === 0 ? 'The image file is empty.' : `The image is ${(bytes / 1024 / 1024).toFixed(1)} MB, more than the ${limit / 1024 / 1024} MB the editor takes.`),
    hint: 'Export it again at a smaller size (2400 pixels wide is the largest a page shows).',
  }),
  EditorImageInUse: entry<{ file: string; users: string[] }>({
    title: 'Image in use',
    message: ({ file, users }) => `${file} is shown by ${list(users)}, so it was not deleted.`,
    hint: 'Remove the image from those entries first, then delete it.',
  }),
  EditorNotARepository: entry<{ dir: string }>({
    title: 'Not a git repository',
    message: ({ dir }) => `The site's folder ${dir} is not in a git repository, so there is nothing to publish to.`,
    hint: 'Run `git init` in the site\'s folder (and commit once), or publish the way your team does.',
  }),
  EditorPublishInvalid: entry<{ reason: string }>({
    title: 'Nothing published',
    message: ({ reason }) => `Nothing was published: ${reason}.`,
    hint: 'Tick the saved changes to publish and write a short message saying what changed.',
  }),
  EditorPublishFailed: entry<{ reason: string }>({
    title: 'Publishing failed',
    message: ({ reason }) => `git refused the commit: ${reason}`,
    hint: 'Fix what git says in a terminal in the site\'s folder (for example `git config user.name "Your Name"` and `git config user.email you@example.com`), then publish again.',
  }),
  EditorVersionMissing: entry<{ file: string; commit: string }>({
    title: 'Version not found',
    message: ({ file, commit }) => `${file} has no version ${commit.slice(0, 12)} in the site's history.`,
    hint: 'Pick a version from the entry\'s history list.',
  }),
  EditorRequestUnknown: entry<{ method: string; route: string }>({
    title: 'No such request',
    message: ({ method, route }) => `The editor has no ${method} ${route}.`,
    hint: 'Reload the editor page.',
  }),
};
