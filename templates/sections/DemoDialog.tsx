/**
 * The demo video dialog: a heading, a 16:9 frame that the DemoVideo island
 * fills with the video iframe (from data-video-src) only while the dialog
 * is open, and a close button.
 */
import { Icon } from '../components/Icon.tsx';
import { Island } from 'skerry';
import { useSite } from '../SiteContext.ts';

export const demoDialogId = 'demo-dialog';

export function DemoDialog() {
  const { site, pages } = useSite().content;
  const { demo } = pages.home;
  return (
    <Island name="DemoVideo" hydrate="idle">
    <dialog id={demoDialogId} className="dialog dialog-wide" aria-labelledby="demo-dialog-title">
      <div className="dialog-head">
        <h2 id="demo-dialog-title">{demo.heading}</h2>
        <button type="button" className="dialog-close" commandfor={demoDialogId} command="close" aria-label={demo.close}>
          <Icon name="X" />
        </button>
      </div>
      <div className="video-frame" data-video-src={site.demoVideoUrl} data-video-title={demo.heading}>
        <p className="video-placeholder">
          <Icon name="Play" />
          {demo.frameLabel}
        </p>
      </div>
    </dialog>
    </Island>
  );
}
