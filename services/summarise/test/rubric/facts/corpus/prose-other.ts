/**
 * Prose in the other languages the product offers (OCR_LANGUAGES: fra, deu, spa, ita, por, nld), 80 words or more
 * each, with the site's menus and buttons around it. Facts: a key sentence's words in a key point or the summary, the
 * summary in the page's language (its stop-words); and a summary of at most 60% of the text's words.
 */
import { inNote, inSummary, language, page, phrase, textPage } from '../build.js';
import type { FactItem } from '../types.js';

export const proseOther: FactItem[] = [
  {
    id: 'prose-fr-lyon-pistes-cyclables',
    kind: 'prose',
    language: 'fra',
    shortSummary: true,
    pages: [
      page('lyon_velo.png', 1170)
        .para('Accueil   Actualités   Région   Sport')
        .heading("Lyon veut doubler ses pistes cyclables d'ici 2030")
        .para('Publié le 4 mars 2025 à 8h15 · Lecture 3 min')
        .para(
          "La métropole de Lyon a présenté mardi un plan qui prévoit quarante kilomètres de pistes cyclables\nsupplémentaires chaque année jusqu'en 2030. L'objectif est de relier toutes les communes de l'agglomération\npar un réseau continu et sécurisé.",
        )
        .para(
          'Les nouvelles voies seront séparées de la circulation automobile par des bordures en béton, une demande\nancienne des associations de cyclistes. Plusieurs carrefours dangereux du quartier de la Part-Dieu seront\nentièrement réaménagés.',
        )
        .para(
          "Le projet coûtera environ 180 millions d'euros. Les commerçants du centre craignent la disparition de places\nde stationnement, mais la métropole assure que des parkings relais seront créés aux entrées de la ville.",
        )
        .para('Partager   Commenter')
        .page(),
    ],
    facts: [
      inNote('phrase clé : quarante kilomètres de pistes cyclables', phrase('quarante kilomètres de pistes cyclables')),
      inSummary('summary in French', language('fra')),
    ],
    furniture: ['Accueil Actualités Région Sport', 'Partager Commenter'],
  },
  {
    id: 'prose-de-bibliothek-sonntags',
    kind: 'prose',
    language: 'deu',
    shortSummary: true,
    pages: [
      textPage(
        'bibliothek.jpg',
        `Startseite   Politik   Wirtschaft   Regional
Stadtbibliothek öffnet künftig auch sonntags
Von Lena Vogt | 18.02.2025
Die Stadtbibliothek Leipzig ist ab März auch sonntags geöffnet. Von 11 bis 17 Uhr können Besucher dann Bücher
ausleihen, in den Lesesälen arbeiten und an Workshops für Kinder teilnehmen.
Möglich wird das durch ein neues Gesetz des Landes, das die Sonntagsöffnung von Bibliotheken erlaubt, wenn dort
kein Verkauf stattfindet. Das zusätzliche Personal wird zunächst für zwei Jahre aus einem Förderprogramm bezahlt.
Die Bibliotheksleitung rechnet vor allem mit Familien und Studierenden, die unter der Woche wenig Zeit haben. In
anderen Städten, etwa in Bremen, habe sich die Zahl der Besucher am Sonntag innerhalb eines Jahres verdoppelt.
Teilen   Drucken
© 2025 Leipziger Tagesblatt`,
        'Stadtbibliothek öffnet künftig auch sonntags',
      ),
    ],
    facts: [
      inNote('Kernsatz: ab März auch sonntags geöffnet', phrase('auch sonntags geöffnet')),
      inSummary('summary in German', language('deu')),
    ],
    furniture: ['Startseite Politik Wirtschaft Regional', 'Teilen Drucken', 'Leipziger Tagesblatt'],
  },
  {
    id: 'prose-es-valencia-arboles',
    kind: 'prose',
    language: 'spa',
    shortSummary: true,
    pages: [
      page('valencia_arboles.png', 1170)
        .para('9:41 all 80%', 70)
        .para('Inicio   Noticias   Comunidad   Deportes')
        .heading('Valencia plantará cinco mil árboles en los barrios más calurosos')
        .para('5 min de lectura')
        .para(
          'El Ayuntamiento de Valencia plantará cinco mil árboles antes del verano en los barrios donde las\ntemperaturas son más altas, según los mapas térmicos elaborados por la universidad.',
        )
        .para(
          'Las especies elegidas, como el almez y la tipuana, dan mucha sombra y necesitan poca agua. Cada árbol se\nplantará con un sistema de riego por goteo conectado a depósitos de agua de lluvia.',
        )
        .para(
          'Los vecinos podrán proponer calles a través de una web municipal. Según los técnicos, una calle con árboles\npuede estar hasta cuatro grados más fresca que una calle sin sombra durante las horas de más calor.',
        )
        .para('Compartir   Guardar')
        .page(),
    ],
    facts: [
      inNote('frase clave: cuatro grados más fresca', phrase('cuatro grados más fresca')),
      inSummary('summary in Spanish', language('spa')),
    ],
    furniture: ['Inicio Noticias Comunidad Deportes', 'Compartir Guardar'],
  },
  {
    id: 'prose-it-museo-musica',
    kind: 'prose',
    language: 'ita',
    shortSummary: true,
    pages: [
      textPage(
        'museo_bologna.jpg',
        `Home   Cronaca   Cultura   Sport
Bologna, il Museo della Musica apre una nuova sala
Il Museo internazionale della musica di Bologna inaugura sabato una sala dedicata agli strumenti a tastiera,
con venti clavicembali e fortepiani restaurati negli ultimi tre anni.
Il pezzo più prezioso è un clavicembalo costruito a Venezia nel 1574, che sarà suonato durante la serata di
apertura da una giovane musicista del conservatorio. Per la prima volta i visitatori potranno anche ascoltare le
registrazioni di ogni strumento grazie a postazioni con le cuffie.
Il restauro è stato finanziato in parte da una raccolta fondi tra i cittadini, che ha superato i duecentomila
euro. L'ingresso alla nuova sala è compreso nel biglietto del museo.
Condividi   Commenta`,
        'Bologna, il Museo della Musica apre una nuova sala',
      ),
    ],
    facts: [
      inNote('frase chiave: un clavicembalo costruito a Venezia nel 1574', phrase('costruito a Venezia nel 1574')),
      inSummary('summary in Italian', language('ita')),
    ],
    furniture: ['Home Cronaca Cultura Sport', 'Condividi Commenta'],
  },
  {
    id: 'prose-pt-porto-metro',
    kind: 'prose',
    language: 'por',
    shortSummary: true,
    pages: [
      page('porto_metro.png', 1170)
        .para('Início   Notícias   Economia   Desporto')
        .heading('Porto inaugura nova linha de metro até Gaia')
        .para(
          'O Porto inaugurou esta segunda-feira a nova linha de metro que liga a Casa da Música a Vila Nova de Gaia,\natravessando o rio Douro por uma ponte construída de propósito.',
        )
        .para(
          'A linha tem oito estações e seis quilómetros. A empresa do metro espera transportar cerca de quarenta mil\npassageiros por dia e retirar milhares de carros das pontes existentes, que estão congestionadas nas horas de\nponta.',
        )
        .para(
          'As obras demoraram quatro anos e custaram mais do que o previsto, sobretudo por causa dos túneis escavados no\ngranito. Os bilhetes custam o mesmo que nas outras linhas.',
        )
        .para('Partilhar   Comentar')
        .page(),
    ],
    facts: [
      inNote('frase-chave: quarenta mil passageiros por dia', phrase('quarenta mil passageiros por dia')),
      inSummary('summary in Portuguese', language('por')),
    ],
    furniture: ['Início Notícias Economia Desporto', 'Partilhar Comentar'],
  },
  {
    id: 'prose-nl-zonnepanelen-fietspad',
    kind: 'prose',
    language: 'nld',
    shortSummary: true,
    pages: [
      textPage(
        'fietspad_utrecht.jpg',
        `Home   Nieuws   Regio   Sport
Utrecht test zonnepanelen in fietspad
UTRECHT - De gemeente Utrecht legt deze zomer een proefstuk fietspad van tweehonderd meter aan waarin
zonnepanelen zijn verwerkt. De stroom wordt gebruikt voor de straatverlichting langs het pad.
De panelen liggen onder een laag gehard glas dat volgens de fabrikant net zo stroef is als gewoon asfalt.
Fietsers merken er dus weinig van, ook niet als het regent.
Een eerder proefproject in Krommenie leverde minder stroom op dan verwacht, omdat de panelen plat liggen en snel
vuil worden. De gemeente wil daarom eerst een jaar meten voordat er meer fietspaden volgen.
Delen   Reageren
© 2025 Utrechts Dagblad`,
        'Utrecht test zonnepanelen in fietspad',
      ),
    ],
    facts: [
      inNote('kernzin: een fietspad van tweehonderd meter met zonnepanelen', phrase('tweehonderd meter')),
      inSummary('summary in Dutch', language('nld')),
    ],
    furniture: ['Home Nieuws Regio Sport', 'Delen Reageren', 'Utrechts Dagblad'],
  },
];
