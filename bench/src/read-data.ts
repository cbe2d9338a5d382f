/**
 * Generated notes for `pnpm bench:read`: realistic, varied text from word lists with a seeded PRNG, so every run
 * inserts the same notes. Six languages (English most), Zipf-distributed words (function words are frequent, most
 * words rare), a topic per note whose terms and two-word phrases recur (what a student's or an office's notes look
 * like), OCR-like original text (numbers, line breaks), titles, key points and a summary drawn from it.
 */

import { prng } from '@snapnotes/testing/random';

const words = (s: string): string[] => s.split(/\s+/).filter(Boolean);

interface Language {
  /** notes.language as the OCR writes it. */
  code: string | null;
  /** Share of the notes. */
  share: number;
  common: string[];
  general: string[];
  topics: Record<string, { terms: string[]; phrases: string[] }>;
}

const EN: Language = {
  code: 'eng',
  share: 0.55,
  common: words(`the of and to a in is that for it as was with on be by this are at from or an have not which but
    they all were can has one their there more will if about when so what some would into them these other than
    then its also out only may first time how most over after very through where much should well between`),
  general: words(`people work year day part place case week company system program question government number night
    point home water room mother area money story fact month lot right study book eye job word business issue side
    kind head house service friend father power hour game line end member law car city community name president
    team minute idea kid body information back parent face others level office door health person art war history
    party result change morning reason research girl guy moment air teacher force education foot boy age policy
    process music market sense nation plan college interest death experience effect class control care field
    development role effort rate heart drug show leader light voice wife police mind price report decision son view
    relationship town road arm difference value building action model season society tax director position player
    record paper space ground form event official matter center couple site project activity star table need court
    oil situation cost industry figure street image phone data picture practice piece land product doctor wall
    patient worker news test movie north love support technology step baby computer type attention film tree source
    organization hair window evidence population site energy meeting table method result chapter lecture exam
    summary page section example problem answer theory structure function factor analysis material network
    pressure temperature surface growth range period region sample response design feature quality resource
    account balance payment contract client order delivery schedule budget deadline review draft version update
    important different large small local social national possible political public major available likely
    economic early general human real full special clear recent certain personal open red difficult simple
    natural physical strong central common final main green basic current significant total various`),
  topics: {
    biology: {
      terms: words(`photosynthesis chlorophyll mitochondria ribosome enzyme protein membrane nucleus organism
        species evolution cell glucose oxygen carbon respiration chloroplast genome mutation bacteria`),
      phrases: ['light energy', 'cell membrane', 'carbon dioxide', 'chemical energy', 'natural selection'],
    },
    finance: {
      terms: words(`invoice receipt payment balance interest dividend equity liability revenue expense ledger
        audit mortgage loan credit debit portfolio inflation budget refund`),
      phrases: ['interest rate', 'cash flow', 'balance sheet', 'due date', 'net income'],
    },
    programming: {
      terms: words(`function variable compiler database query index server client request response deploy
        container kernel thread memory cache algorithm recursion pointer exception`),
      phrases: ['pull request', 'unit test', 'error message', 'source code', 'data structure'],
    },
    history: {
      terms: words(`empire revolution treaty dynasty monarchy republic colony parliament constitution century
        battle crusade renaissance reformation feudal senate pharaoh medieval armistice independence`),
      phrases: ['world war', 'civil rights', 'industrial revolution', 'cold war', 'roman empire'],
    },
    physics: {
      terms: words(`velocity acceleration momentum gravity friction quantum particle photon electron wavelength
        frequency voltage current resistance magnetic thermodynamics entropy nucleus fission relativity`),
      phrases: ['kinetic energy', 'speed of light', 'electric field', 'potential energy', 'black hole'],
    },
    cooking: {
      terms: words(`recipe flour butter sugar oven simmer garlic onion pepper tomato basil dough yeast whisk
        marinade saucepan skillet vinegar cinnamon caramel`),
      phrases: ['olive oil', 'baking soda', 'room temperature', 'medium heat', 'lemon juice'],
    },
    medicine: {
      terms: words(`diagnosis symptom prescription dosage vaccine antibody infection inflammation cardiology
        neurology surgery anesthesia insulin diabetes hypertension allergy antibiotic fracture therapy clinic`),
      phrases: ['blood pressure', 'heart rate', 'side effects', 'immune system', 'medical history'],
    },
    travel: {
      terms: words(`itinerary passport boarding flight hotel reservation luggage terminal visa museum
        cathedral ferry railway hostel currency souvenir excursion checkout gate departure`),
      phrases: ['check in', 'train station', 'travel insurance', 'city centre', 'round trip'],
    },
  },
};

const FR: Language = {
  code: 'fra',
  share: 0.14,
  common: words(`le la les de des du un une et est en que qui dans pour pas sur au avec il elle ce se plus par on
    ne sont nous vous ils mais ou comme leur aux été fait être très aussi tout bien sans`),
  general: words(`temps année jour travail personne maison monde vie main partie enfant homme femme ville pays
    question groupe place point cours histoire gouvernement entreprise système programme problème semaine
    mois idée leçon chapitre exemple réponse théorie examen résumé page section méthode résultat analyse
    développement recherche projet réunion budget facture paiement contrat client commande livraison prix
    marché service produit information document rapport nombre valeur niveau forme manière raison moment
    important différent grand petit nouveau premier dernier possible général public national social simple
    mangées mangeons mangeait mangé mangent finissons finissait choisir choisissent parlions parlaient
    étudiants étudiantes apprendre apprenons comprendre compris écrivons écrivaient lisons lisaient`),
  topics: {
    biologie: {
      terms: words(`photosynthèse chlorophylle mitochondrie cellule protéine enzyme membrane noyau organisme
        espèce évolution glucose oxygène respiration génome`),
      phrases: ['énergie lumineuse', 'dioxyde de carbone', 'sélection naturelle'],
    },
    cuisine: {
      terms: words(`recette farine beurre sucre four ail oignon poivre tomate basilic pâte levure vinaigre
        cannelle caramel`),
      phrases: ["huile d'olive", 'feu moyen', 'jus de citron'],
    },
    finances: {
      terms: words(`facture reçu paiement solde intérêt dividende revenu dépense audit hypothèque prêt crédit
        inflation remboursement échéance`),
      phrases: ["taux d'intérêt", 'date limite', 'bilan comptable'],
    },
  },
};

const DE: Language = {
  code: 'deu',
  share: 0.1,
  common: words(`der die das und in zu den von mit ist des sich dem nicht ein eine als auch es an er so dass
    sie nach wird bei einer um am sind noch wie einem über einen für war hat nur oder aber vor`),
  general: words(`Zeit Jahr Tag Arbeit Mensch Haus Welt Leben Hand Teil Kind Mann Frau Stadt Land Frage Gruppe
    Platz Punkt Kurs Geschichte Regierung Unternehmen System Programm Problem Woche Monat Idee Kapitel Beispiel
    Antwort Theorie Prüfung Zusammenfassung Seite Abschnitt Methode Ergebnis Analyse Entwicklung Forschung
    Projekt Besprechung Rechnung Zahlung Vertrag Kunde Bestellung Lieferung Preis Markt Dienst Produkt
    wichtig verschieden groß klein neu erste letzte möglich allgemein öffentlich national sozial einfach
    Studenten Vorlesung Übung Hausaufgabe Lösung Aufgabe Gleichung Wirtschaft Bildung Umwelt Sprache`),
  topics: {
    biologie: {
      terms: words(`Photosynthese Chlorophyll Mitochondrien Zelle Protein Enzym Membran Zellkern Organismus Evolution
        Glukose Sauerstoff Atmung Genom Bakterien`),
      phrases: ['chemische Energie', 'natürliche Auslese'],
    },
    finanzen: {
      terms: words(`Rechnung Quittung Zahlung Saldo Zinsen Dividende Umsatz Ausgaben Prüfung Hypothek Darlehen
        Kredit Inflation Erstattung Steuer`),
      phrases: ['Zinssatz', 'Fälligkeitsdatum'],
    },
  },
};

const ES: Language = {
  code: 'spa',
  share: 0.1,
  common: words(`el la los las de del y en que un una es por con para no se su al lo como más pero sus le ya o
    este sí porque esta entre cuando muy sin sobre también me hasta hay donde quien desde todo nos`),
  general: words(`tiempo año día trabajo persona casa mundo vida mano parte niño hombre mujer ciudad país pregunta
    grupo lugar punto curso historia gobierno empresa sistema programa problema semana mes idea capítulo ejemplo
    respuesta teoría examen resumen página sección método resultado análisis desarrollo investigación proyecto
    reunión factura pago contrato cliente pedido entrega precio mercado servicio producto información documento
    importante diferente grande pequeño nuevo primero último posible general público nacional social sencillo
    estudiantes clase ejercicio tarea solución ecuación economía educación ambiente lengua`),
  topics: {
    biología: {
      terms: words(`fotosíntesis clorofila mitocondria célula proteína enzima membrana núcleo organismo especie
        evolución glucosa oxígeno respiración genoma`),
      phrases: ['energía química', 'dióxido de carbono'],
    },
    viajes: {
      terms: words(`itinerario pasaporte vuelo hotel reserva equipaje terminal visado museo catedral ferri
        ferrocarril albergue moneda excursión`),
      phrases: ['tarjeta de embarque', 'estación de tren'],
    },
  },
};

const IT: Language = {
  code: 'ita',
  share: 0.05,
  common: words(`il di che e la un a per in non una sono mi si ho lo ma ha le con ti se da io come gli del questo
    più al anche nel della alla sul dei delle`),
  general: words(`tempo anno giorno lavoro persona casa mondo vita mano parte bambino uomo donna città paese domanda
    gruppo posto punto corso storia governo azienda sistema programma problema settimana mese idea capitolo
    esempio risposta teoria esame riassunto pagina sezione metodo risultato analisi sviluppo ricerca progetto
    riunione fattura pagamento contratto cliente ordine consegna prezzo mercato servizio prodotto`),
  topics: {
    biologia: {
      terms: words(`fotosintesi clorofilla mitocondrio cellula proteina enzima membrana nucleo organismo specie`),
      phrases: ['energia chimica', 'anidride carbonica'],
    },
  },
};

/** Notes the OCR could not put a language on (null): English-like words with codes and numbers. */
const UNKNOWN: Language = { ...EN, code: null, share: 0.06 };

export const LANGUAGES: readonly Language[] = [EN, FR, DE, ES, IT, UNKNOWN];

/** A Zipf sampler over a list: index i drawn with probability ∝ 1 / (i + 2.7). */
function zipf(list: readonly string[], rand: () => number): () => string {
  const cdf: number[] = [];
  let sum = 0;
  for (let i = 0; i < list.length; i++) cdf.push((sum += 1 / (i + 2.7)));
  return () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return list[lo]!;
  };
}

export interface GeneratedNote {
  title: string;
  keyPoints: string[];
  detailedSummary: string;
  originalText: string;
  language: string | null;
  wordCount: number;
}

export interface NoteGenerator {
  next(): GeneratedNote;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function noteGenerator(seed: number): NoteGenerator {
  const rand = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const between = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const samplers = new Map(
    LANGUAGES.map((l) => {
      // Each language's vocabulary in a fixed shuffled order, so the Zipf ranks differ from the lists' order.
      const general = [...l.general].sort(() => rand() - 0.5);
      return [l, { common: zipf(l.common, rand), general: zipf(general, rand) }] as const;
    }),
  );

  function language(): Language {
    let x = rand();
    for (const l of LANGUAGES) if ((x -= l.share) < 0) return l;
    return EN;
  }

  function sentence(lang: Language, topic: { terms: string[]; phrases: string[] }, min: number, max: number) {
    const s = samplers.get(lang)!;
    const topicWord = zipf(topic.terms, rand);
    const out: string[] = [];
    const n = between(min, max);
    for (let i = 0; i < n; i++) {
      const x = rand();
      if (x < 0.42) out.push(s.common());
      else if (x < 0.86) out.push(s.general());
      else if (x < 0.96) out.push(topicWord());
      else if (x < 0.985) out.push(pick(topic.phrases));
      else out.push(String(between(1, 2030)));
      if (i < n - 1 && rand() < 0.07) out[out.length - 1] += ',';
    }
    return capitalise(out.join(' ')) + (rand() < 0.9 ? '.' : rand() < 0.5 ? '?' : ':');
  }

  return {
    next() {
      const lang = language();
      const topicName = pick(Object.keys(lang.topics));
      const topic = lang.topics[topicName]!;
      const paragraphs: string[] = [];
      const paragraphCount = between(2, 5);
      for (let p = 0; p < paragraphCount; p++) {
        const lines: string[] = [];
        for (let k = between(2, 6); k > 0; k--) lines.push(sentence(lang, topic, 6, 16));
        paragraphs.push(lines.join(rand() < 0.3 ? '\n' : ' '));
      }
      if (lang.code === null)
        paragraphs.push(`Ref ${between(1000, 99999)}-${pick(['A', 'B', 'X'])} • p. ${between(1, 300)}`);
      const originalText = paragraphs.join('\n\n');
      const titleWords = sentence(lang, topic, 2, 5)
        .replace(/[.?:,]/g, '')
        .split(' ');
      const title = capitalise(`${pick(topic.terms)} ${titleWords.join(' ').toLowerCase()}`).slice(0, 120);
      const keyPoints = Array.from({ length: between(3, 5) }, () => sentence(lang, topic, 5, 11));
      const detailedSummary = Array.from({ length: between(2, 4) }, () => sentence(lang, topic, 8, 16)).join(' ');
      return {
        title,
        keyPoints,
        detailedSummary,
        originalText,
        language: lang.code,
        wordCount: originalText.split(/\s+/).filter(Boolean).length,
      };
    },
  };
}
