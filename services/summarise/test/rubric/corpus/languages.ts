/** French, German and Spanish pages, as OCR reads them. */
import type { RubricItem } from '../types.js';

export const otherLanguages: RubricItem[] = [
  {
    id: 'fra-canicule-vendanges',
    kind: 'french',
    heading: 'La canicule menace les vendanges en Bourgogne',
    language: 'fra',
    text: `9:41 .ull 4G 64%
Le Journal du Centre
Q Rechercher
S'abonner
La canicule menace les vendanges en Bourgogne
Publié le 12 août 2025 à 08h15 · Lecture 4 min
Les vignerons de Bourgogne avancent les vendanges de deux semaines. La chaleur
de juillet a fait mûrir le raisin très vite et le taux de sucre est déjà élevé.
Dans la côte de Beaune, certains domaines ont commencé la récolte dès le 18 août,
un record. Les vignerons craignent des vins trop alcoolisés.
Les cueilleurs travaillent désormais de 5 heures à midi pour éviter la chaleur de
l'après-midi.
Partager
Commenter`,
    subject: ['vendanges', 'Bourgogne'],
    furniture: ['Partager', 'Commenter', 'Lecture 4 min'],
  },
  {
    id: 'fra-tarte-pommes',
    kind: 'french',
    language: 'fra',
    text: `Accueil Recettes Desserts
Tarte aux pommes de grand-mère
Préparation : 20 min · Cuisson : 40 min · 6 personnes
Ingrédients
• 1 pâte brisée
• 6 pommes golden
• 50 g de beurre
• 80 g de sucre
• 1 sachet de sucre vanillé
Préparation
1. Préchauffez le four à 180 °C et étalez la pâte dans un moule.
2. Épluchez les pommes et coupez-les en fines lamelles.
3. Disposez les pommes en rosace, ajoutez le beurre et le sucre.
4. Faites cuire la tarte 40 minutes jusqu'à ce que les pommes soient dorées.
Imprimer
Partager`,
    subject: ['Tarte', 'pommes'],
    furniture: ['Imprimer', 'Partager'],
  },
  {
    id: 'deu-bahnstreik',
    kind: 'german',
    heading: 'Bahnstreik: Was Pendler am Montag wissen müssen',
    language: 'deu',
    text: `Startseite Politik Wirtschaft Regional
Bahnstreik: Was Pendler am Montag wissen müssen
Stand: 14.09.2025 18:30 Uhr · Lesezeit: 3 Min.
Die Gewerkschaft hat für Montag einen ganztägigen Streik im Regionalverkehr
angekündigt. Pendler müssen mit vielen Ausfällen rechnen.
Die Bahn will einen Notfahrplan anbieten. Auf den wichtigsten Strecken soll
mindestens jeder zweite Zug fahren.
Fahrgäste können ihre Tickets für Montag kostenlos umbuchen oder sich den
Fahrpreis erstatten lassen.
Teilen
Kommentare 214`,
    subject: ['Bahnstreik'],
    furniture: ['Teilen', 'Kommentare 214', 'Lesezeit'],
  },
  {
    id: 'deu-chat-umzug',
    kind: 'german',
    language: 'deu',
    text: `19:22 LTE 47%
< Lukas
zuletzt online heute um 19:05
Hilfst du mir am Samstag beim Umzug? 18:51
Klar! Wann soll ich da sein? 18:53 ✓✓
Um 9 Uhr, der Transporter kommt um halb zehn 18:55
Soll ich Kartons mitbringen? Ich habe noch zehn vom letzten Umzug 18:58 ✓✓
Ja bitte, die kann ich gut gebrauchen 19:01
Nachricht`,
    subject: ['Lukas', 'Umzug'],
    furniture: ['zuletzt online', 'Nachricht'],
  },
  {
    id: 'spa-ahorrar-agua',
    kind: 'spanish',
    heading: 'Cómo ahorrar agua en casa durante la sequía',
    language: 'spa',
    text: `9:41 .ull 5G 70%
Cómo ahorrar agua en casa durante la sequía
Por Marta Gil · 12 de mayo de 2025 · 5 min de lectura
La sequía obliga a muchos municipios a limitar el consumo. Estos son los cambios
que más agua ahorran en casa.
Cerrar el grifo mientras te cepillas los dientes ahorra hasta 12 litros al día.
Una ducha de cinco minutos gasta la mitad de agua que un baño.
Poner la lavadora solo con carga completa ahorra unos 50 litros por semana.
Compartir
Guardar`,
    subject: ['agua'],
    furniture: ['Compartir', 'Guardar', 'Marta Gil'],
  },
  {
    id: 'spa-tortilla',
    kind: 'spanish',
    heading: 'Tortilla de patatas',
    language: 'spa',
    text: `Recetas
Tortilla de patatas
4 raciones · 45 min · Fácil
Ingredientes
• 5 patatas medianas
• 6 huevos
• 1 cebolla
• Aceite de oliva y sal
Elaboración
1. Pela las patatas y córtalas en láminas finas.
2. Fríe las patatas y la cebolla a fuego lento durante 20 minutos.
3. Bate los huevos, mezcla con las patatas y cuaja la tortilla por ambos lados.
Guardar receta`,
    subject: ['Tortilla', 'patatas'],
    furniture: ['Guardar receta'],
  },
];
