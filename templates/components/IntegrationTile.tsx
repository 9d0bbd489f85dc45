import type { IntegrationTile as Tile } from '../schemas.ts';
import { useSite } from '../SiteContext.ts';

/** An integration: its logo image (alt = name), or a text tile with a monogram when isImage is false. */
export function IntegrationTile({ tile }: { tile: Tile }) {
  const { asset } = useSite();
  return (
    <li className="integration-tile" data-integration={tile.name}>
      {tile.isImage ? (
        <img src={asset(tile.logo)} alt={tile.name} width="160" height="48" loading="lazy" />
      ) : (
        <>
          <span className="integration-mark" aria-hidden="true">
            {tile.logo}
          </span>
          <span className="integration-name">{tile.name}</span>
        </>
      )}
    </li>
  );
}
