/** Prose in six languages, rich in each one's diacritics: one sentence per line, picked and shuffled per page. */

import { lines } from './text.js';

export interface LanguageProse {
  /** Tesseract code. */
  code: 'fra' | 'deu' | 'spa' | 'ita' | 'por' | 'nld';
  /** HTML lang. */
  html: string;
  titles: string[];
  sentences: string[];
  months: string[];
  /** "Published on 12 March 2024" in the language. */
  published: (day: number, month: string, year: number) => string;
  /** Words for "min read". */
  readTime: (minutes: number) => string;
}

export const LANGUAGES: LanguageProse[] = [
  {
    code: 'fra',
    html: 'fr',
    titles: ['Un été à la campagne', 'La fête du village', "Souvenirs d'une maison près de Périgueux"],
    sentences: lines(`
      L'été dernier, nous avons passé trois semaines dans une vieille maison près de Périgueux.
      Chaque matin, Hélène préparait le café pendant que les enfants cherchaient des œufs au poulailler.
      Le marché du mercredi était célèbre pour ses fraises, ses noix et ses fromages de chèvre.
      À midi, la chaleur était telle que même les chiens refusaient de quitter l'ombre des platanes.
      Nous déjeunions souvent sur la terrasse, à côté d'un vieux puits couvert de lierre.
      François, le voisin, nous a appris à reconnaître les cèpes et les girolles après la pluie.
      Le soir, on entendait les grillons et, parfois, le bruit lointain d'une fête de village.
      Ça sentait la lavande, le pain grillé et la terre mouillée après l'orage.
      Où trouver aujourd'hui un tel calme, loin des écrans et des embouteillages ?
      Les élèves de l'école voisine répétaient une pièce de théâtre pour la fête de fin d'année.
      Le maçon a réparé le mur du jardin en échange d'une bouteille de vin et d'un gâteau aux pêches.
      Même la boulangère, très discrète, nous a raconté l'histoire de sa grand-mère née à Besançon.
      Après le dîner, nous marchions jusqu'à l'église pour regarder les étoiles au-dessus des collines.
      Il a fallu rentrer à Paris fin août, mais nous avons déjà réservé la maison pour l'été prochain.
    `),
    months: 'janvier février mars avril mai juin juillet août septembre octobre novembre décembre'.split(' '),
    published: (d, m, y) => `Publié le ${d} ${m} ${y}`,
    readTime: (n) => `${n} min de lecture`,
  },
  {
    code: 'deu',
    html: 'de',
    titles: ['Ein Wochenende im Schwarzwald', 'Über das Glück des Wanderns', 'Grüße aus dem Süden'],
    sentences: lines(`
      Am Freitagabend fuhren wir mit dem Zug über Freiburg in ein kleines Dorf im Schwarzwald.
      Die Gastgeberin, Frau Müller, begrüßte uns mit heißem Tee und frisch gebackenem Apfelkuchen.
      Vom Fenster unseres Zimmers aus sah man dunkle Wälder, grüne Wiesen und einen plätschernden Bach.
      Am Samstag wanderten wir fünfzehn Kilometer über steile Pfade bis zu einem hübschen Aussichtsturm.
      Unterwegs begegneten wir einem älteren Förster, der uns die Namen der Bäume und Vögel erklärte.
      Größere Städte vermisst man hier überhaupt nicht, denn die Ruhe ist ein echtes Geschenk.
      Zum Mittagessen gab es Käsespätzle mit Röstzwiebeln und ein kühles Getränk aus der Region.
      Später zog ein Gewitter auf, und wir mussten uns in einer Hütte vor dem Regen schützen.
      Die Kinder spielten draußen im Matsch und waren danach glücklich, müde und völlig schmutzig.
      Abends saßen wir am Kamin, lasen Bücher und hörten, wie der Wind um das Haus pfiff.
      Am Sonntag besuchten wir noch ein Museum über Kuckucksuhren, das überraschend spannend war.
      Die Rückfahrt dauerte länger als geplant, weil ein Zug wegen einer Störung ausfiel.
      Trotzdem waren wir uns einig, dass wir im Frühling unbedingt wiederkommen möchten.
      Für nächstes Jahr planen wir eine längere Tour über die Höhenwege bis zum Bodensee.
    `),
    months: 'Januar Februar März April Mai Juni Juli August September Oktober November Dezember'.split(' '),
    published: (d, m, y) => `Veröffentlicht am ${d}. ${m} ${y}`,
    readTime: (n) => `${n} Min. Lesezeit`,
  },
  {
    code: 'spa',
    html: 'es',
    titles: ['Un viaje inolvidable a Andalucía', '¿Qué comemos hoy en Córdoba?', 'Diario de una mañana en Granada'],
    sentences: lines(`
      El año pasado, mi hermana y yo viajamos en tren de Madrid a Córdoba para conocer la Mezquita.
      ¡Qué calor hacía en julio! A las once de la mañana ya estábamos buscando sombra.
      La dueña de la pensión, doña Begoña, nos recomendó un restaurante pequeño detrás de la plaza.
      Allí probamos salmorejo, berenjenas con miel y un pescado fresquísimo traído desde Málaga.
      ¿Cómo es posible que una ciudad tan antigua conserve tanta vida en sus calles?
      Por la tarde caminamos por el barrio judío, lleno de patios con macetas y fuentes.
      Un señor mayor nos explicó que cada mayo los vecinos compiten por el patio más bonito.
      Al día siguiente alquilamos un coche y seguimos hacia Granada por carreteras de montaña.
      La Alhambra nos pareció aún más impresionante de lo que habíamos imaginado.
      Mi hermana sacó más de doscientas fotografías, y yo llené medio cuaderno con apuntes.
      En el albergue conocimos a una pareja de Logroño que viajaba en bicicleta con su niño.
      ¡Nunca había visto a un niño tan feliz comiendo churros con chocolate a medianoche!
      El último día vimos el atardecer desde el mirador de San Nicolás, rodeados de música.
      ¿Volveremos en otoño, cuando haga menos calor y las noches sean más tranquilas? Ojalá.
    `),
    months: 'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'.split(' '),
    published: (d, m, y) => `Publicado el ${d} de ${m} de ${y}`,
    readTime: (n) => `${n} min de lectura`,
  },
  {
    code: 'ita',
    html: 'it',
    titles: ['Una settimana in Toscana', 'Perché amo il mercato del lunedì', 'Ricordi di una città più lenta'],
    sentences: lines(`
      La settimana scorsa siamo partiti da Milano per trascorrere qualche giorno in Toscana.
      Il paesino dove abbiamo dormito è piccolo, ma la sua piazza è più bella di quanto immaginassi.
      Ogni mattina la signora Caterina ci offriva caffè, pane tostato e una marmellata di ciliegie.
      Lunedì abbiamo visitato Siena, e la città era già piena di turisti alle nove.
      Perché tutti vogliono vedere la stessa torre alla stessa ora? Ce lo siamo chiesti più volte.
      Martedì, invece, abbiamo preferito camminare tra le colline, lontano dalla folla.
      Un contadino ci ha mostrato come si raccolgono le olive e ci ha regalato una bottiglia d'olio.
      Mercoledì pioveva, così siamo rimasti in albergo a leggere e giocare a carte.
      La cucina toscana è semplice, ma nessuno può resistere a pane, fagioli e carne alla griglia.
      Giovedì sera c'era una festa in paese con musica, danze e una lotteria di beneficenza.
      Mio figlio ha vinto un cesto di formaggi, e da quel momento è diventato famosissimo.
      Venerdì siamo andati giù al mare, però l'acqua era ancora un po' fredda.
      Più ci penso, più sono convinto che la felicità stia nelle cose più semplici.
      Tornerò di sicuro in autunno, quando la città è più tranquilla e le giornate sono più miti.
    `),
    months: 'gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre'.split(' '),
    published: (d, m, y) => `Pubblicato il ${d} ${m} ${y}`,
    readTime: (n) => `${n} minuti di lettura`,
  },
  {
    code: 'por',
    html: 'pt',
    titles: ['Um fim de semana em Lisboa', 'Lembranças da cozinha da avó', 'Notas de uma viagem ao Porto'],
    sentences: lines(`
      No mês passado, eu e a minha irmã passámos um fim de semana em Lisboa com os nossos avós.
      A viagem de comboio desde Coimbra demorou pouco mais de duas horas.
      Logo à chegada, fomos comer pastéis de nata numa pastelaria em Belém.
      A avó contou-nos histórias da juventude, quando trabalhava numa fábrica de conservas.
      À tarde, subimos as ruas estreitas de Alfama até ao miradouro, onde a vista é magnífica.
      As crianças não paravam de perguntar porque é que os elétricos são tão antigos.
      À noite, ouvimos fado numa tasca pequena, cheia de gente e de emoção.
      O cantor, um senhor de cabelos brancos, cantou canções sobre o mar e a saudade.
      No domingo de manhã, visitámos o mercado, onde comprámos limões, pão e queijo da serra.
      Também experimentámos bacalhau com grão, um prato simples mas delicioso.
      Havia uma exposição de azulejos no museu, e o avô fotografou tudo com a sua câmara antiga.
      Não há cidade como esta: a luz, o rio e as cores das fachadas são únicas.
      Na viagem de regresso, o comboio atrasou-se e as informações nas estações eram confusas.
      Já combinámos voltar no verão, quando os dias são mais longos e as noites mais quentes.
    `),
    months: 'janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro'.split(' '),
    published: (d, m, y) => `Publicado em ${d} de ${m} de ${y}`,
    readTime: (n) => `${n} min de leitura`,
  },
  {
    code: 'nld',
    html: 'nl',
    titles: ['Een weekend aan zee', 'Fietsen langs de dijk', 'Herinneringen aan een café in België'],
    sentences: lines(`
      Vorige zomer zijn we met de trein naar Zeeland gereisd voor een lang weekend aan zee.
      Ons hotel lag vlak bij het strand, en 's ochtends hoorden we de meeuwen boven de duinen.
      Mijn vrouw wilde absoluut de oude vuurtoren bezoeken, die sinds 1838 in gebruik is.
      De gids vertelde ons over de ideeën van de bouwers en over de zware stormen van vroeger.
      's Middags huurden we fietsen en reden we over de dijk naar een klein dorp met een café.
      Daar aten we verse mosselen en friet met mayonaise, zoals het hoort.
      De eigenaar, een vriendelijke man uit België, was erg geïnteresseerd in onze reis.
      Hij vertelde dat zijn grootvader vroeger vissersboten bouwde in Oostende.
      Op zaterdag regende het zo hard dat we de hele middag in het museum doorbrachten.
      Er was een tentoonstelling over schepen, kaarten en de geschiedenis van de zeeën.
      De kinderen vonden de reünie van oude zeilers, georganiseerd door de coöperatie van het dorp, het leukst.
      Op zondag scheen de zon weer, en we wandelden urenlang langs de vloedlijn.
      Het was één van de mooiste weekenden van het jaar, ook al was het kort.
      Volgend jaar willen we terug, misschien met de hele familie en wat meer tijd.
    `),
    months: 'januari februari maart april mei juni juli augustus september oktober november december'.split(' '),
    published: (d, m, y) => `Gepubliceerd op ${d} ${m} ${y}`,
    readTime: (n) => `${n} min leestijd`,
  },
];
