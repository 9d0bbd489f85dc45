/** The island Search: the docs starter's search box (generator/init/templates/docs/), over this site's index. */
export { default } from '../../../generator/init/templates/docs/widgets/islands/Search.ts';
