/** Slides, code editors, receipts, recipes, settings pages, emails and spreadsheets, as OCR reads them. */
import type { RubricItem } from '../types.js';

export const slides: RubricItem[] = [
  {
    // The slide: its footer ("Northfield Agronomy Slide 7 of 18") was a key point.
    id: 'slide-soil-moisture',
    kind: 'slide',
    heading: 'Soil Moisture and Irrigation Timing',
    language: 'eng',
    text: `Soil Moisture and Irrigation Timing
• Sandy soils drain in hours: irrigate little and often
• Clay soils hold water for days: irrigate deeply, less often
• Probe readings below 20% call for irrigation within 24 h
• Over-watering leaches nitrogen below the root zone
Northfield Agronomy Slide 7 of 18`,
    subject: ['Soil Moisture', 'Irrigation'],
    furniture: ['Northfield Agronomy'],
  },
  {
    id: 'slide-photosynthesis',
    kind: 'slide',
    heading: 'Photosynthesis: the light reactions',
    language: 'eng',
    text: `Photosynthesis: the light reactions
• Light is absorbed by chlorophyll in the thylakoid membranes
• Water is split, releasing oxygen as a by-product
• The energy is stored as ATP and NADPH
• These feed the Calvin cycle in the stroma
BIOL 101 · Week 3
12`,
    subject: ['Photosynthesis'],
    furniture: ['BIOL 101 · Week 3'],
  },
  {
    // OCR found no heading (the title band is as tall as the logo); a misread word in the title line.
    id: 'slide-onboarding-emails',
    kind: 'slide',
    language: 'eng',
    text: `ACME
Why Onboarding Emails Faii
• They arrive too late: 60% of sign-ups never open the app again after day 2
• They explain features instead of the first useful result
• They all look the same, so customers stop opening them
Fix: send the first onboarding email within an hour, with one task to do
Acme Growth Team | Confidential 14 / 24`,
    subject: ['Onboarding', 'Emails'],
    notInTitle: ['Faii'],
    furniture: ['Acme Growth Team', 'Confidential'],
  },
];

export const codeEditors: RubricItem[] = [
  {
    id: 'code-billing-service',
    kind: 'code-editor',
    language: 'eng',
    text: `File Edit Selection View Go Run Terminal Help
EXPLORER
billing_service.py × models.py test_billing.py
src > billing > billing_service.py > BillingService > charge
from decimal import Decimal
from .models import Invoice, Customer

class BillingService:
    def __init__(self, gateway):
        self.gateway = gateway

    def charge(self, customer: Customer, amount: Decimal) -> Invoice:
        if amount <= 0:
            raise ValueError("amount must be positive")
        receipt = self.gateway.charge(customer.card_token, amount)
        return Invoice(customer=customer, amount=amount, receipt=receipt)
Ln 12, Col 5 Spaces: 4 UTF-8 LF Python 3.11.4 64-bit`,
    subject: ['billing_service.py'],
    furniture: ['File Edit Selection', 'Ln 12, Col 5', 'EXPLORER'],
  },
  {
    id: 'code-use-cart',
    kind: 'code-editor',
    language: 'eng',
    text: `useCart.ts M × CartPage.tsx api.ts
web > src > hooks > useCart.ts > useCart
import { useState } from 'react';
import type { CartItem } from '../types';

export function useCart(initial: CartItem[] = []) {
  const [items, setItems] = useState<CartItem[]>(initial);
  const add = (item: CartItem) => setItems((xs) => [...xs, item]);
  const remove = (id: string) => setItems((xs) => xs.filter((x) => x.id !== id));
  const total = items.reduce((sum, x) => sum + x.price * x.quantity, 0);
  return { items, add, remove, total };
}
PROBLEMS OUTPUT TERMINAL
main* O 0 A 2 Ln 7, Col 42 TypeScript React`,
    subject: ['useCart.ts'],
    furniture: ['PROBLEMS OUTPUT TERMINAL', 'Ln 7, Col 42'],
  },
  {
    // A repository's file view: a path, then the file.
    id: 'code-server-go',
    kind: 'code-editor',
    language: 'eng',
    text: `Code Issues Pull requests Actions
main / cmd / api / server.go
Raw Copy Blame
42 lines (36 loc) · 1.1 KB
package main

import (
	"log"
	"net/http"
	"time"
)

func healthHandler(w http.ResponseWriter, r *http.Request) {
	w.WriteHeader(http.StatusOK)
}

func main() {
	mux := http.NewServeMux()
	mux.HandleFunc("/health", healthHandler)
	srv := &http.Server{Addr: ":8080", Handler: mux, ReadTimeout: 5 * time.Second}
	log.Fatal(srv.ListenAndServe())
}`,
    subject: ['server.go'],
    furniture: ['Raw Copy Blame', '42 lines'],
  },
];

export const receipts: RubricItem[] = [
  {
    id: 'receipt-green-leaf',
    kind: 'receipt',
    heading: 'GREEN LEAF MARKET',
    language: 'eng',
    text: `GREEN LEAF MARKET
214 Harbour Road, Portsmouth
Tel 023 9281 4410
12/04/2025 14:32 Till 3
Organic bananas 1.2kg 1.68
Oat milk 1L 1.85
Sourdough loaf 2.90
Free-range eggs x12 3.40
Cheddar 400g 4.15
SUBTOTAL 13.98
VAT 0.00
TOTAL £13.98
VISA CONTACTLESS £13.98
Thank you for shopping with us!`,
    subject: ['Green Leaf Market'],
    furniture: ['Till 3', 'Tel 023', 'Thank you for shopping'],
  },
  {
    // No heading (the logo is a picture); the merchant's name is the first line.
    id: 'receipt-trattoria',
    kind: 'receipt',
    language: 'eng',
    text: `Trattoria Bella Vista
18 Canal Street
Table 12 Covers 2
Server: Luca
Margherita pizza 11.50
Spaghetti carbonara 13.00
Tiramisu 6.50
Sparkling water 3.20
House red (glass) x2 14.00
Subtotal 48.20
Service 12.5% 6.03
Total 54.23
Card 54.23
Grazie! See you soon
21/06/2025 21:48`,
    subject: ['Trattoria Bella Vista'],
    furniture: ['Table 12', 'Server: Luca', 'Grazie'],
  },
  {
    // A misread in the merchant's name ("PHARMACV"); the name is printed again below.
    id: 'receipt-city-pharmacy',
    kind: 'receipt',
    heading: 'CITY PHARMACV',
    language: 'eng',
    text: `CITY PHARMACV
Open 8am - 10pm
Ibuprofen 200mg 24 tabs 3.49
Vitamin D3 1000IU 6.99
Sun cream SPF 50 12.50
Plasters assorted 2.25
TOTAL 25.23
Paid by card 25.23
Items: 4
Thank you for visiting City Pharmacy
05/07/2025 10:17`,
    subject: ['City Pharmacy'],
    notInTitle: ['Pharmacv'],
    furniture: ['Open 8am - 10pm', 'Items: 4'],
  },
];

export const recipes: RubricItem[] = [
  {
    id: 'recipe-lemon-pasta',
    kind: 'recipe',
    heading: 'Weeknight Lemon Garlic Pasta',
    language: 'eng',
    text: `9:41 .ull 令 76%
< Recipes
Weeknight Lemon Garlic Pasta
Prep 10 min · Cook 15 min · Serves 4
★★★★★ 4.8 (312)
Save
Ingredients
• 400 g spaghetti
• 4 cloves garlic, sliced
• Zest and juice of 1 lemon
• 60 g parmesan, grated
• A handful of parsley
Method
1. Cook the spaghetti in salted water until al dente.
2. Fry the garlic gently in olive oil until golden.
3. Toss the pasta with the garlic, lemon, parmesan and a splash of pasta water.
4. Finish with parsley and black pepper.`,
    subject: ['Lemon', 'Pasta'],
    furniture: ['Save'],
  },
  {
    // A recipe blog: buttons around the headline, no heading found (a banner is larger).
    id: 'recipe-banana-bread',
    kind: 'recipe',
    language: 'eng',
    text: `HOME RECIPES ABOUT SHOP
Jump to Recipe   Print Recipe   Pin
The Best Banana Bread You'll Ever Make
Posted on September 14, 2024 by Clara · 23 Comments
This banana bread is moist, tender and packed with flavour, and it only takes
one bowl. The secret is very ripe bananas: the darker the peel, the sweeter the
bread.
Ingredients
• 3 very ripe bananas
• 75 g melted butter
• 150 g light brown sugar
• 1 egg, beaten
• 190 g plain flour
• 1 tsp baking soda
Instructions
1. Heat the oven to 175 °C and line a loaf tin.
2. Mash the bananas, then stir in the butter, sugar and egg.
3. Fold in the flour and baking soda and bake for 55 to 60 minutes.`,
    subject: ['Banana Bread'],
    furniture: ['Jump to Recipe', 'Print Recipe', '23 Comments'],
  },
  {
    id: 'recipe-chickpea-curry',
    kind: 'recipe',
    heading: 'Chickpea and Spinach Curry',
    language: 'eng',
    text: `Chickpea and Spinach Curry
★★★★★ 4.6 (1,208 ratings)
Share   Save   Print
Ready in 30 minutes
A weeknight curry made from the store cupboard: chickpeas, a tin of tomatoes
and a bag of spinach, with garam masala and coconut milk.
Ingredients
• 1 onion, chopped
• 2 tbsp curry paste
• 400 g tin chickpeas, drained
• 400 ml coconut milk
• 200 g spinach
Steps
1. Soften the onion in a little oil, then stir in the curry paste.
2. Add the chickpeas and coconut milk and simmer for 15 minutes.
3. Stir in the spinach until it wilts and serve with rice.`,
    subject: ['Chickpea', 'Curry'],
    furniture: ['1,208 ratings', 'Share Save Print'],
  },
];

export const settingsPages: RubricItem[] = [
  {
    id: 'settings-notifications',
    kind: 'settings',
    heading: 'Notification settings',
    language: 'eng',
    text: `Account
Profile
Notifications
Billing
Security
Notification settings
Choose how and when SnapNotes tells you about new notes.
Email notifications
Get an email when a note is ready.
On
Push notifications
Alerts on this device.
Off
Weekly summary
A digest of your notes every Monday.
On
Save changes
Cancel`,
    subject: ['Notification'],
    furniture: ['Save changes', 'Cancel'],
  },
  {
    id: 'settings-wifi',
    kind: 'settings',
    heading: 'Wi-Fi',
    language: 'eng',
    text: `9:41 .ull 令 100%
< Settings
Wi-Fi
Wi-Fi
HomeNet-5G ✓
NETWORKS
CoffeeShop_Guest
Library-Public
Other...
Ask to Join Networks
Notify
Known networks will be joined automatically. If no known networks are
available, you will be notified of available networks.`,
    subject: ['Wi-Fi'],
    furniture: ['< Settings', 'Notify', 'Other...'],
  },
  {
    id: 'settings-privacy',
    kind: 'settings',
    language: 'eng',
    text: `Settings
Q Search settings
You and Google
Autofill and passwords
Privacy and security
Performance
Appearance
Privacy and security
Delete browsing data
Delete history, cookies, cache, and more
Privacy Guide
Review key privacy and security controls
Third-party cookies
Third-party cookies are blocked in Incognito mode
Security
Safe Browsing (protection from dangerous sites) and other security settings`,
    subject: ['Privacy'],
    furniture: ['Q Search settings', 'Appearance', 'Performance'],
  },
];

export const emails: RubricItem[] = [
  {
    id: 'email-offsite',
    kind: 'email',
    heading: 'Quarterly planning offsite - agenda and travel',
    language: 'eng',
    text: `Q Search mail
Compose
Inbox 1,204
Starred
Sent
Drafts
Quarterly planning offsite - agenda and travel
Inbox x
Rachel Kim <rachel.kim@lumenworks.io> 9:12 AM (2 hours ago)
to me, Devon
Hi all,
Here is the plan for the planning offsite in Lisbon on 14-15 October.
Day one is for the product roadmap: each team presents its three bets for next
quarter in ten minutes, then we vote.
Day two is for hiring and budgets, and we finish at 3 pm so people can fly home.
Please book flights by Friday and put the receipts in the travel folder.
Thanks,
Rachel
Reply
Forward`,
    subject: ['offsite'],
    furniture: ['Compose', 'Inbox 1,204', 'rachel.kim@lumenworks.io', 'to me, Devon'],
  },
  {
    id: 'email-invoice-overdue',
    kind: 'email',
    language: 'eng',
    text: `From: Accounts <billing@brightpath.co>
To: Sam Carter
Date: Tue, 8 Jul 2025 08:30
Subject: Invoice INV-2291 is overdue
Dear Sam,
Our records show that invoice INV-2291 for £1,450.00, due on 30 June, has not
been paid. If you have already paid, please ignore this message.
You can pay by bank transfer or by card from the link in your account. If the
invoice is not paid by 22 July, a late fee of 2% will be added.
Kind regards,
BrightPath Accounts`,
    subject: ['Invoice', 'INV-2291'],
    furniture: ['From: Accounts', 'Date: Tue'],
  },
  {
    id: 'email-running-club',
    kind: 'email',
    heading: 'Trailhead Running Club',
    language: 'eng',
    text: `Trailhead Running Club
Your weekly digest · View in browser
Saturday long run moves to the river path
Because of the bridge works on Mill Lane, this Saturday's long run starts at the
boathouse and follows the river path for 18 km. Meet at 7:30 for a 7:45 start.
Track night is back
Tuesday track sessions return to the university track from 9 September. Bring
spikes or flats; the session is 6 x 800 m.
Unsubscribe · Manage preferences`,
    subject: ['Trailhead Running Club'],
    furniture: ['View in browser', 'Unsubscribe', 'Manage preferences'],
  },
];

export const spreadsheets: RubricItem[] = [
  {
    id: 'sheet-marketing-budget',
    kind: 'spreadsheet',
    heading: 'Q3 marketing budget',
    language: 'eng',
    text: `Q3 marketing budget
Channel July August September Total
Search ads 4,200 4,500 4,800 13,500
Social ads 2,100 2,300 2,600 7,000
Events 0 6,000 1,500 7,500
Content 1,800 1,800 1,800 5,400
Total 8,100 14,600 10,700 33,400`,
    subject: ['marketing budget'],
  },
  {
    id: 'sheet-vacation-planner',
    kind: 'spreadsheet',
    language: 'eng',
    text: `Team vacation planner 2025
File Edit View Insert Format Data Tools Extensions Help
100% $ % .0 .00 123 Arial 10 B I
A1 fx Name
Name Days allowed Days taken Days left Next holiday
Aisha 25 12 13 4-15 Aug
Bruno 25 20 5 22-26 Sep
Carmen 28 9 19 1-12 Dec
Dev 25 25 0 -
Sheet1 Summary +`,
    subject: ['vacation'],
    furniture: ['File Edit View Insert', 'Arial 10', 'Sheet1'],
  },
  {
    id: 'sheet-sales-region',
    kind: 'spreadsheet',
    heading: 'Sales by region 2024',
    language: 'eng',
    text: `Home Insert Draw Page Layout Formulas Data Review View
Sales by region 2024
Region Q1 Q2 Q3 Q4 Year
North 120,400 131,900 128,300 150,200 530,800
South 98,700 102,100 110,600 121,000 432,400
East 143,500 139,800 147,200 162,900 593,400
West 87,300 91,200 95,800 104,100 378,400
Ready Accessibility: Good to go 100%`,
    subject: ['Sales', 'region'],
    furniture: ['Accessibility: Good to go', 'Page Layout'],
  },
];
