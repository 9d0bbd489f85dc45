import { ContactButton } from '../components/ContactButton.tsx';
import { Icon } from '../components/Icon.tsx';
import { Section } from '../components/Section.tsx';
import { useSite } from '../SiteContext.ts';

/** Extension vs enterprise: what dynamic field control adds. */
export function DynamicFields() {
  const { dynamicFields: df } = useSite().content.pages.enterprise;
  const cell = (v: boolean | string) =>
    typeof v === 'string' ? (
      v
    ) : (
      <span className={v ? 'mark mark-yes' : 'mark mark-no'}>
        <Icon name={v ? 'Check' : 'Minus'} />
        <span className="visually-hidden">{v ? df.yes : df.no}</span>
      </span>
    );
  return (
    <Section id="dynamic-fields-heading" heading={df.heading} intro={df.intro}>
      <div className="table-scroll" role="region" aria-labelledby="dynamic-fields-caption" tabIndex={0}>
        <table className="compare-table" data-compare-table="">
          <caption id="dynamic-fields-caption" className="visually-hidden">
            {df.caption}
          </caption>
          <thead>
            <tr>
              <th scope="col">{df.columns.feature}</th>
              <th scope="col">{df.columns.extension}</th>
              <th scope="col" className="compare-highlight">
                {df.columns.enterprise}
              </th>
            </tr>
          </thead>
          <tbody>
            {df.rows.map((r) => (
              <tr key={r.feature}>
                <th scope="row">{r.feature}</th>
                <td>{cell(r.extension)}</td>
                <td className="compare-highlight">{cell(r.enterprise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="actions">
        <ContactButton variant="primary">{df.button}</ContactButton>
      </div>
    </Section>
  );
}
