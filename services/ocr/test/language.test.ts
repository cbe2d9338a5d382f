import { describe, expect, it } from 'vitest';
import { detectPageLanguage, iso1Of } from '../src/language.js';

const ALL = ['eng', 'fra', 'deu', 'spa', 'ita', 'por', 'nld'];

/** What a first pass with English data makes of accented text: the accents are lost, the words mostly kept. */
const firstPass = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'B');

const PAGES: Record<string, string> = {
  fra: "La réunion du comité aura lieu jeudi à la bibliothèque municipale. Nous présenterons le budget de l'année prochaine.",
  deu: 'Die Straßenbahn fährt heute wegen Bauarbeiten nicht über den Marktplatz. Bitte benutzen Sie die Umleitung.',
  spa: 'El próximo año la escuela ofrecerá clases de música por la tarde. ¿Quién quiere apuntarse al coro?',
  ita: 'La città vecchia è chiusa al traffico la domenica. I negozi del centro restano aperti fino alle otto.',
  por: 'A reunião de condomínio será na próxima terça-feira. Não se esqueçam de trazer as propostas de orçamento.',
  nld: 'De vergadering van de vereniging is volgende week donderdag in het buurthuis. Iedereen is van harte welkom.',
  eng: 'The committee meets on Thursday in the town library. We will present the budget for next year and the plans.',
};

describe('detectPageLanguage (first-pass OCR text)', () => {
  it.each(Object.entries(PAGES))('tells %s even with its accents lost', async (code, text) => {
    expect(await detectPageLanguage(firstPass(text), ALL)).toBe(code);
    expect(await detectPageLanguage(text, ALL)).toBe(code);
  });

  it('says nothing about text too short to tell', async () => {
    expect(await detectPageLanguage('Settings  Save  Cancel', ALL)).toBeNull();
    expect(await detectPageLanguage('1,204  3,400  5,600  Total 10,204', ALL)).toBeNull();
  });

  it('only answers languages among the candidates', async () => {
    expect(await detectPageLanguage(PAGES.deu!, ['eng', 'fra'])).not.toBe('deu');
    expect(await detectPageLanguage(PAGES.deu!, ['deu'])).toBe('deu');
    expect(await detectPageLanguage(PAGES.deu!, ['xyz'])).toBeNull();
  });

  it('maps tesseract codes to ISO 639-1', () => {
    expect(iso1Of('nld')).toBe('nl');
    expect(iso1Of('chi_sim')).toBeNull();
  });
});
