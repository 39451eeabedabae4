import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { renderToStringAsync } from 'preact-render-to-string';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { business } from '@/config/business';
import { activateLocale, i18n } from '@/i18n/catalog';
import { createQueryClient } from '@/lib/query-client';
import { attrOf, countTags, elements, innerHtmls, textOnly, visibleText } from '@/testing/html';
import { ContactSection } from '../index';
import { LeadForm } from './LeadForm';
import { ContactPageForm } from './ContactPageForm';

/** The providers a page gives the form: its messages, the query cache and a router at `path` (the page's language). */
function providers(node: ReactNode, path: string) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>
  );
}

function render(node: ReactNode, path = '/'): string {
  return renderToString(providers(node, path));
}

/** The id of the control a visible <label> whose content starts with `text` (a RegExp source) points at. */
function labelledControl(html: string, text: string): string {
  const label = elements(html, 'label', { for: true }).find((l) => new RegExp(`^${text}`).test(l.inner));
  const id = label && attrOf(label.open, 'for');
  if (!id) throw new Error(`no <label for> with text ${text}`);
  return id;
}

/** The opening tag of the form control with this id. */
function tagWithId(html: string, id: string): string {
  const tag = ['input', 'select', 'textarea'].map((name) => elements(html, name, { id })[0]?.open).find(Boolean);
  if (!tag) throw new Error(`no control with id ${id}`);
  return tag;
}

/** The value and text of the first option of the select named `name`. */
function firstOption(html: string, name: string): { value: string | undefined; text: string | undefined } | undefined {
  const select = elements(html, 'select', { name })[0];
  const option = select && elements(select.inner, 'option')[0];
  return option && { value: attrOf(option.open, 'value'), text: textOnly(option.inner) };
}

/** What the home form's controls are, in page order: each one's name or input type. */
const HOME_CONTROLS: readonly (string | RegExp)[] = [
  'name="firstName"', 'name="lastName"', 'type="email"', 'type="tel"', 'name="address"', /^<select/,
  'name="homeAge"', 'name="urgency"', /^<textarea/,
];

/** The home form's controls, labelled in page order (RegExp sources, in the page's language). */
function expectHomeControls(html: string, labels: readonly string[]) {
  expect(labels).toHaveLength(HOME_CONTROLS.length);
  labels.forEach((label, i) => {
    const tag = tagWithId(html, labelledControl(html, label));
    const want = HOME_CONTROLS[i]!;
    if (typeof want === 'string') expect(tag, label).toContain(want);
    else expect(tag, label).toMatch(want);
  });
}

describe('LeadForm (home, city and service pages)', () => {
  const html = render(<LeadForm variant="home" />);

  it('labels every control and uses the right input types', () => {
    expectHomeControls(html, ['First name', 'Last name', 'Email', 'Phone', 'Street address', 'City',
      'When was your home built\\?', 'How soon do you need help\\?', 'Describe the problem']);
  });

  it('offers the SPEC placeholders and option lists', () => {
    // The placeholder is each select's first option, so it shows until a choice is made.
    expect(firstOption(html, 'homeAge')).toEqual({ value: '', text: 'Select age range' });
    expect(firstOption(html, 'urgency')).toEqual({ value: '', text: 'Select timeline' });
    expect(innerHtmls(html, 'option', { value: 'soon' })).toEqual(['As soon as possible']);
    expect(innerHtmls(html, 'option', { value: '2010+' })).toEqual(['2010 or newer']);
    for (const label of [
      'Frequent clogs or backups',
      'Slow drainage',
      'Bad odors from drains',
      'Gurgling sounds',
      'Other (describe below)',
    ]) {
      expect(html).toContain(`<span>${label}</span>`);
    }
    expect(html.match(/type="checkbox"/g)).toHaveLength(5);
    expect(innerHtmls(html, 'legend', { class: 'lead-form__label' })).toContainEqual(
      expect.stringMatching(/^What issues are you noticing\?/),
    );
  });

  it('has a honeypot that people never see or reach', () => {
    const id = labelledControl(html, 'Leave this field empty');
    const input = tagWithId(html, id);
    expect(attrOf(input, 'name')).toBe('website');
    expect(attrOf(input, 'tabindex')).toBe('-1');
    expect(attrOf(input, 'autocomplete')).toBe('off');
    expect(countTags(html, 'div', { class: 'lead-form__hp', 'aria-hidden': 'true' })).toBe(1);
  });

  it('shows no errors before a submit, and the submit button is enabled', () => {
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain('aria-invalid');
    const submits = elements(html, 'button', { type: 'submit' });
    expect(submits.map((b) => b.inner)).toEqual(['Get My Free Assessment']);
    expect(submits.map((b) => attrOf(b.open, 'disabled'))).toEqual([undefined]);
  });

  it('offers the e-mail fallback and a call link', () => {
    // A real mailto link, filled from the (still empty) form.
    const emailLinks = elements(html, 'a', { href: true, class: 'button' }).filter((a) => a.inner === 'Email us instead');
    expect(emailLinks.map((a) => attrOf(a.open, 'href'))).toEqual([
      expect.stringMatching(/^mailto:service@valleytrenchless\.example\?subject=Drain%20Assessment%20Request/),
    ]);
    expect(html).toContain(`href="${business.phoneHref}"`);
  });
});

describe('Other nearby city', () => {
  it("is the city select's last choice on both forms, its box hidden until chosen", () => {
    for (const html of [render(<LeadForm variant="home" />), render(<ContactPageForm />)]) {
      const select = elements(html, 'select', { name: 'city' })[0]!;
      const options = elements(select.inner, 'option');
      expect(options).toHaveLength(10); // placeholder, the eight cities, other
      expect(attrOf(options[9]!.open, 'value')).toBe('other-city');
      expect(textOnly(options[9]!.inner)).toBe('Other nearby city');
      expect(html).not.toContain('name="otherCity"');
    }
  });
});

describe('ContactPageForm (/contact)', () => {
  const html = render(<ContactPageForm />);

  it('has the page fields and the six problems', () => {
    for (const name of ['firstName', 'lastName', 'email', 'phone', 'address', 'city', 'description', 'website']) {
      expect(html).toContain(`name="${name}"`);
    }
    expect(html).not.toContain('name="homeAge"');
    expect(html).not.toContain('name="urgency"');
    expect(html.match(/type="checkbox"/g)).toHaveLength(6);
    for (const label of ['Slow drains', 'Recurring clogs', 'Bad odors', 'Gurgling sounds', 'Water backups', 'Other issues']) {
      expect(html).toContain(`<span>${label}</span>`);
    }
    expect(innerHtmls(html, 'button', { type: 'submit' })).toContain('Schedule Free Inspection');
  });

  it('is also what LeadForm renders for the contact variant', () => {
    expect(render(<LeadForm variant="contact" />).match(/type="checkbox"/g)).toHaveLength(6);
  });
});

describe('ContactSection', () => {
  it('is the #contact target with a heading, the 24-hour promise and the home form', async () => {
    const html = await renderToStringAsync(providers(<ContactSection />, '/'));
    const sections = elements(html, 'section', { id: 'contact', 'aria-labelledby': true });
    expect(sections).toHaveLength(1);
    const heading = attrOf(sections[0]!.open, 'aria-labelledby');
    expect(heading).toBeTruthy();
    expect(innerHtmls(html, 'h2', { id: heading! })).toEqual(['Schedule Your Free Drain Assessment']);
    expect(html).toContain('within 24 hours');
    expect(html.match(/type="checkbox"/g)).toHaveLength(5);
  });
});

describe('the forms on Spanish pages (issue 40)', () => {
  beforeAll(() => activateLocale('es'));
  afterAll(() => activateLocale('en'));

  it('labels, options, placeholders and buttons of the home form are in Spanish', () => {
    const html = render(<LeadForm variant="home" />, '/es/');
    expectHomeControls(html, ['Nombre', 'Apellido', 'Correo electrónico', 'Teléfono', 'Dirección', 'Ciudad',
      '¿Cuándo se construyó su casa\\?', '¿Qué tan pronto necesita ayuda\\?', 'Describa el problema']);
    expect(firstOption(html, 'homeAge')).toEqual({ value: '', text: 'Seleccione el rango de años' });
    expect(firstOption(html, 'urgency')).toEqual({ value: '', text: 'Seleccione el plazo' });
    expect(firstOption(html, 'city')).toEqual({ value: '', text: 'Seleccione la ciudad' });
    expect(innerHtmls(html, 'option', { value: 'soon' })).toEqual(['Lo antes posible']);
    expect(innerHtmls(html, 'option', { value: 'pre-1980' })).toEqual(['Antes de 1980']);
    expect(innerHtmls(html, 'option', { value: 'other-city' })).toEqual(['Otra ciudad cercana']);
    // City names and year ranges read the same in both languages.
    expect(innerHtmls(html, 'option', { value: 'scottsdale' })).toEqual(['Scottsdale']);
    expect(innerHtmls(html, 'option', { value: '1990-1999' })).toEqual(['1990-1999']);
    for (const label of ['Tapones frecuentes o agua que se regresa', 'Drenaje lento', 'Malos olores en los drenajes', 'Ruidos de gorgoteo', 'Otro (descríbalo abajo)']) {
      expect(html).toContain(`<span>${label}</span>`);
    }
    expect(innerHtmls(html, 'button', { type: 'submit' })).toEqual(['Quiero mi evaluación gratis']);
    expect(labelledControl(html, 'Deje este campo vacío')).toBeTruthy();
    const text = visibleText(html);
    expect(text).toContain('Los campos marcados con * un asterisco son obligatorios.');
    expect(text).toContain('¿Prefiere no usar el formulario?');
    expect(text).toContain('Mejor envíenos un correo');
    expect(text).toContain(`Llame al ${business.phone}`);
  });

  it('writes the e-mail fallback in Spanish', () => {
    const html = render(<LeadForm variant="home" />, '/es/');
    const link = elements(html, 'a', { href: true, class: 'button' }).find((a) => a.inner === 'Mejor envíenos un correo');
    const href = new URL(attrOf(link!.open, 'href')!);
    expect(href.searchParams.get('subject')).toMatch(/^Solicitud de evaluación del drenaje - /);
    expect(href.searchParams.get('body')).toContain('Antigüedad de la casa: No se especificó');
  });

  it('labels the /contact form in Spanish, its six problems and its button too', () => {
    const html = render(<ContactPageForm />, '/es/contact');
    expect(firstOption(html, 'city')).toEqual({ value: '', text: 'Seleccione su ciudad' });
    for (const label of ['Drenajes lentos', 'Tapones que se repiten', 'Malos olores', 'Ruidos de gorgoteo', 'Agua que se regresa', 'Otros problemas']) {
      expect(html).toContain(`<span>${label}</span>`);
    }
    expect(innerHtmls(html, 'legend', { class: 'lead-form__label' })).toContainEqual(expect.stringMatching(/^¿Qué problemas tiene\?/));
    expect(tagWithId(html, labelledControl(html, 'Describa el problema de su drenaje'))).toMatch(/^<textarea/);
    expect(visibleText(html)).toContain('Al menos 10 caracteres: qué drenajes, con qué frecuencia y lo que ya haya intentado.');
    expect(innerHtmls(html, 'button', { type: 'submit' })).toEqual(['Programe su inspección gratis']);
    expect(visibleText(html)).toContain('¿Prefiere hablarlo por teléfono?');
  });

  it('leaves no English words of the forms on a Spanish page', () => {
    const english = [
      'First name', 'Last name', 'Street address', 'Select', 'Describe', 'Fields marked', 'required', 'Email us',
      'Prefer not', 'Rather talk', 'Get My Free Assessment', 'Schedule Free Inspection', 'Other nearby city',
      'Gurgling', 'Slow', 'clogs', 'odors', 'Leave this field', 'At least 10 characters', 'As soon as possible',
    ];
    for (const html of [render(<LeadForm variant="home" />, '/es/'), render(<ContactPageForm />, '/es/contact')]) {
      const text = visibleText(html);
      for (const words of english) expect(text).not.toContain(words);
    }
  });

  it('gives the contact section its Spanish heading and promise', async () => {
    const html = await renderToStringAsync(providers(<ContactSection />, '/es/'));
    const section = elements(html, 'section', { id: 'contact', 'aria-labelledby': true })[0]!;
    expect(innerHtmls(html, 'h2', { id: attrOf(section.open, 'aria-labelledby')! })).toEqual(['Programe su evaluación gratis del drenaje']);
    expect(visibleText(html)).toContain('le responderemos en un plazo de 24 horas');
  });
});
