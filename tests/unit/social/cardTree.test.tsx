/** A card's elements as plain data: what satori draws and what its image key hashes. */
import { describe, expect, it } from 'vitest';
import { cardTree, satoriElement } from '../../../generator/social/cardTree.ts';

function Badge({ label }: { label: string }) {
  return <span style={{ color: 'red' }}>{label}</span>;
}

describe('cardTree', () => {
  it('calls function components, flattens fragments and lists, drops null and false, joins adjacent text', () => {
    const tree = cardTree(
      <div style={{ display: 'flex' }}>
        <>
          {'Hello, '}
          {'Ada'}
        </>
        {null}
        {false}
        {[<Badge key="a" label="new" />]}
        {3}
      </div>,
    );
    expect(tree).toEqual({
      type: 'div',
      props: {
        style: { display: 'flex' },
        children: ['Hello, Ada', { type: 'span', props: { style: { color: 'red' }, children: ['new'] } }, '3'],
      },
    });
  });

  it('is the same data for the same card however it is written (JSX or satori objects)', () => {
    const jsx = cardTree(<div style={{ fontSize: 20 }}>Title</div>);
    const plain = cardTree({ type: 'div', props: { style: { fontSize: 20 }, children: 'Title' } });
    expect(JSON.stringify(plain)).toBe(JSON.stringify(jsx));
  });

  it('gives satori a single child as itself and several as a list', () => {
    expect(satoriElement(cardTree(<div>Title</div>))).toEqual({ type: 'div', props: { children: 'Title' } });
    expect(satoriElement(cardTree(<div><span>a</span>b</div>))).toEqual({ type: 'div', props: { children: [{ type: 'span', props: { children: 'a' } }, 'b'] } });
  });

  it('refuses a card that is not one element, naming what it found', () => {
    expect(() => cardTree('just text')).toThrow(/one element/);
    expect(() => cardTree([<div key="1" />, <div key="2" />])).toThrow(/one element/);
    expect(() => cardTree(<div>{{ not: 'an element' } as unknown as string}</div>)).toThrow(/neither an element nor text/);
  });
});
