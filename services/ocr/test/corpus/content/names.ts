/** Pools of realistic names, places and things for the generated pages. */

const words = (text: string) => text.trim().split(/\s+/);
/** One entry per line, fields separated by "|". */
const table = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => line.split('|').map((f) => f.trim()));

export const FIRST_NAMES = words(`
  Maya Daniel Priya Tom Sofia Kwame Hannah Luis Aiko Marcus Elena Omar Grace Jonas Fatima Ben Chloe Ravi Nadia
  Felix Zoe Mateo Ingrid Samir Lena Owen Amara Theo Julia Kenji Rosa Ethan Leila Victor Nora Isaac
`);

export const LAST_NAMES = words(`
  Okafor Lindqvist Patel Brennan Moreau Nakamura Alvarez Fischer Haddad Kowalski Reyes Thompson Osei Larsen Chen
  Dubois Morgan Rahman Novak Sullivan Bianchi Ferreira Kim Walsh Mendes Hughes Yilmaz Carter Jansen Petrov
`);

export const CITIES = table(`
  Portland | OR | 97214 | 503
  Austin | TX | 78704 | 512
  Madison | WI | 53703 | 608
  Burlington | VT | 05401 | 802
  Raleigh | NC | 27601 | 919
  Boulder | CO | 80302 | 303
  Providence | RI | 02903 | 401
  Tucson | AZ | 85719 | 520
`).map(([city, state, zip, area]) => ({ city: city!, state: state!, zip: zip!, area: area! }));

export const STREETS = table(`
  Hawthorne Blvd
  South Congress Ave
  Williamson St
  Church Street
  Glenwood Ave
  Pearl Street
  Wickenden St
  University Blvd
  Division Street
  Maple Avenue
  Harbor Road
  Elm Street
`).map(([s]) => s!);

export const MONTHS = words('January February March April May June July August September October November December');
export const WEEKDAYS = words('Monday Tuesday Wednesday Thursday Friday Saturday Sunday');

export interface Person {
  first: string;
  last: string;
  full: string;
  handle: string;
}

export function person(first: string, last: string, handleStyle = 0): Person {
  const f = first.toLowerCase();
  const l = last.toLowerCase();
  const handles = [`${f}${l}`, `${f}_${l.slice(0, 3)}`, `${f[0]}${l}`, `${l}.${f}`];
  return { first, last, full: `${first} ${last}`, handle: handles[handleStyle % handles.length]! };
}

export interface Item {
  name: string;
  /** Price range. */
  low: number;
  high: number;
}

const items = (text: string): Item[] =>
  table(text).map(([name, low, high]) => ({ name: name!, low: Number(low), high: Number(high) }));

export const GROCERY_ITEMS = items(`
  Organic Bananas | 0.69 | 3.20
  Whole Milk 1 gal | 4.29 | 4.79
  Sourdough Loaf | 5.49 | 6.99
  Free Range Eggs 12ct | 4.99 | 6.49
  Greek Yogurt 32oz | 5.29 | 6.79
  Baby Spinach 5oz | 3.49 | 4.29
  Cheddar Block 8oz | 3.99 | 5.49
  Honeycrisp Apples | 4.12 | 6.88
  Ground Coffee 12oz | 8.99 | 11.49
  Pasta Penne 1lb | 1.79 | 2.49
  Marinara Sauce | 3.29 | 4.59
  Chicken Thighs | 7.84 | 11.26
  Avocados 4ct | 4.99 | 5.99
  Olive Oil 500ml | 8.49 | 10.99
  Paper Towels 6pk | 9.99 | 12.49
  Dish Soap | 2.99 | 3.79
  Rolled Oats 42oz | 4.79 | 5.99
  Peanut Butter | 3.69 | 4.99
  Frozen Peas 16oz | 1.99 | 2.79
  Sparkling Water 8pk | 4.49 | 5.99
  Tortilla Chips | 3.49 | 4.49
  Salsa Verde | 3.99 | 4.99
  Basmati Rice 2lb | 4.29 | 5.79
  Dark Chocolate Bar | 2.49 | 3.99
  Carrots 2lb | 1.89 | 2.69
  Cherry Tomatoes | 3.99 | 4.99
`);

export const CAFE_ITEMS = items(`
  Oat Milk Latte | 5.25 | 6.25
  Cappuccino | 4.50 | 5.25
  Drip Coffee Large | 3.25 | 3.95
  Chai Latte | 4.95 | 5.75
  Almond Croissant | 4.25 | 4.95
  Blueberry Muffin | 3.50 | 3.95
  Breakfast Burrito | 8.95 | 10.50
  Avocado Toast | 9.50 | 11.25
  Iced Tea | 3.00 | 3.75
  Cold Brew | 4.75 | 5.50
  Bagel with Cream Cheese | 3.95 | 4.75
  Turkey Sandwich | 10.95 | 12.50
  Tomato Soup | 6.50 | 7.25
  Cinnamon Roll | 4.25 | 4.75
`);

export const HARDWARE_ITEMS = items(`
  Wood Screws 2in 50pk | 6.97 | 8.48
  Painter Tape 1.88in | 5.98 | 7.47
  LED Bulb 60W 4pk | 9.97 | 12.98
  Extension Cord 25ft | 14.98 | 19.97
  Sandpaper Assortment | 7.48 | 9.97
  Wall Anchors 20pk | 4.27 | 5.98
  Interior Paint Qt | 17.98 | 22.98
  Paint Roller Kit | 11.97 | 14.97
  Utility Knife | 8.97 | 12.97
  Zip Ties 100pk | 5.47 | 6.98
  Duct Tape Silver | 6.48 | 8.98
  Work Gloves L | 9.98 | 14.98
`);

export const MERCHANTS = table(`
  GREEN HARVEST MARKET | grocery
  CORNER PANTRY CO-OP | grocery
  Bluebird Coffee House | cafe
  The Daily Grind | cafe
  HILLSIDE HARDWARE | hardware
  Maple & Pine Hardware | hardware
`).map(([name, kind]) => ({ name: name!, kind: kind as 'grocery' | 'cafe' | 'hardware' }));
