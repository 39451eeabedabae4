import { describe, expect, it } from 'vitest';
import { attrOf, countTags, decodeEntities, elements, openTag, textOnly, texts, visibleText } from './html';

describe('openTag', () => {
  it('matches the attributes in any order, among others', () => {
    const re = openTag('div', { class: 'a b', 'data-ec': 'x' });
    expect('<div data-ec="x" id="i" class="a b">').toMatch(re);
    expect('<div class="a b" data-ec="x">').toMatch(re);
    expect('<div class="a b">').not.toMatch(re);
    expect('<div class="a b c" data-ec="x">').not.toMatch(re);
    expect('<divx class="a b" data-ec="x">').not.toMatch(re);
  });

  it('matches whole attribute names, present (true) or bare/empty (\'\')', () => {
    expect('<ul role="menu" hidden>').toMatch(openTag('ul', { hidden: true }));
    expect('<ul role="menu" hidden="">').toMatch(openTag('ul', { hidden: '' }));
    expect('<input required/>').toMatch(openTag('input', { required: '' }));
    expect('<ul data-hidden="x">').not.toMatch(openTag('ul', { hidden: true }));
    expect('<ul hiddenx>').not.toMatch(openTag('ul', { hidden: true }));
    expect('<option value>').toMatch(openTag('option', { value: '' }));
    expect('<option value="a">').not.toMatch(openTag('option', { value: '' }));
  });

  it('reads past a `>` inside an attribute value', () => {
    expect('<a title="a > b" class="c">x</a>'.match(openTag('a', { class: 'c' }))?.[0]).toBe('<a title="a > b" class="c">');
  });

  it('names attributes in any case', () => {
    expect('<img srcSet="a 1w">').toMatch(openTag('img', { srcset: 'a 1w' }));
  });
});

describe('elements', () => {
  const html = '<ul><li class="a"><span>1 <span>x</span></span></li><li class="b" id="n">2 &amp; &lt;3</li><li>4</li></ul><br/>';

  it('finds each matching element up to its own closing tag', () => {
    expect(elements(html, 'li', { class: true }).map((e) => e.inner)).toEqual(['<span>1 <span>x</span></span>', '2 &amp; &lt;3']);
    expect(elements(html, 'span').map((e) => e.outer)).toEqual(['<span>1 <span>x</span></span>', '<span>x</span>']);
    expect(elements(html, 'br')).toEqual([{ open: '<br/>', inner: '', outer: '<br/>' }]);
    expect(countTags(html, 'li')).toBe(3);
  });

  it('gives the visible text of each', () => {
    expect(texts(html, 'li')).toEqual(['1 x', '2 & <3', '4']);
    expect(visibleText('<p>it&#x27;s <b>a</b>&#39;<!-- --></p>')).toBe("it's a '");
    expect(decodeEntities('&quot;&gt;&nbsp;&unknown;')).toBe('">\u00a0&unknown;');
    expect(textOnly('a &lt;img> &amp; b')).toBe('a <img> & b');
    expect(textOnly('a <img> b')).toBeUndefined();
  });
});

describe('attrOf', () => {
  it('reads an attribute value, decoded; bare is empty; absent is undefined', () => {
    const tag = '<input id="x" data-a="1 &amp; 2" required autoComplete="off"/>';
    expect(attrOf(tag, 'data-a')).toBe('1 & 2');
    expect(attrOf(tag, 'required')).toBe('');
    expect(attrOf(tag, 'autocomplete')).toBe('off');
    expect(attrOf(tag, 'a')).toBeUndefined();
    expect(attrOf(tag, 'hidden')).toBeUndefined();
  });
});
