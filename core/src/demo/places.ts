/** Countries and cities of the demo directory, with real coordinates (city centres). */
export interface DemoCity {
  name: string;
  lat: number;
  lng: number;
  postal: string;
}
export interface DemoCountry {
  code: string;
  name: string;
  phonePrefix: string;
  street: string;
  cities: DemoCity[];
}

const c = (name: string, lat: number, lng: number, postal: string): DemoCity => ({ name, lat, lng, postal });

export const DEMO_COUNTRIES: DemoCountry[] = [
  {
    code: 'US',
    name: 'United States',
    phonePrefix: '+1',
    street: 'Main Street',
    cities: [
      c('New York', 40.7128, -74.006, '10001'),
      c('Los Angeles', 34.0522, -118.2437, '90012'),
      c('Chicago', 41.8781, -87.6298, '60601'),
      c('Houston', 29.7604, -95.3698, '77002'),
      c('Phoenix', 33.4484, -112.074, '85003'),
      c('Philadelphia', 39.9526, -75.1652, '19103'),
      c('San Antonio', 29.4241, -98.4936, '78205'),
      c('San Diego', 32.7157, -117.1611, '92101'),
      c('Dallas', 32.7767, -96.797, '75201'),
      c('Austin', 30.2672, -97.7431, '78701'),
      c('Seattle', 47.6062, -122.3321, '98101'),
      c('Denver', 39.7392, -104.9903, '80202'),
      c('Boston', 42.3601, -71.0589, '02108'),
      c('Miami', 25.7617, -80.1918, '33130'),
      c('Atlanta', 33.749, -84.388, '30303'),
      c('Nashville', 36.1627, -86.7816, '37203'),
    ],
  },
  {
    code: 'GB',
    name: 'United Kingdom',
    phonePrefix: '+44',
    street: 'High Street',
    cities: [
      c('London', 51.5074, -0.1278, 'EC1A 1BB'),
      c('Manchester', 53.4808, -2.2426, 'M1 1AE'),
      c('Birmingham', 52.4862, -1.8904, 'B1 1BB'),
      c('Leeds', 53.8008, -1.5491, 'LS1 1UR'),
      c('Glasgow', 55.8642, -4.2518, 'G1 1XQ'),
      c('Edinburgh', 55.9533, -3.1883, 'EH1 1YZ'),
      c('Bristol', 51.4545, -2.5879, 'BS1 4DJ'),
      c('Liverpool', 53.4084, -2.9916, 'L1 8JQ'),
    ],
  },
  {
    code: 'DE',
    name: 'Germany',
    phonePrefix: '+49',
    street: 'Hauptstraße',
    cities: [
      c('Berlin', 52.52, 13.405, '10117'),
      c('Hamburg', 53.5511, 9.9937, '20095'),
      c('München', 48.1351, 11.582, '80331'),
      c('Köln', 50.9375, 6.9603, '50667'),
      c('Frankfurt am Main', 50.1109, 8.6821, '60311'),
      c('Stuttgart', 48.7758, 9.1829, '70173'),
      c('Düsseldorf', 51.2277, 6.7735, '40213'),
      c('Leipzig', 51.3397, 12.3731, '04109'),
    ],
  },
  {
    code: 'FR',
    name: 'France',
    phonePrefix: '+33',
    street: 'Rue de la République',
    cities: [
      c('Paris', 48.8566, 2.3522, '75001'),
      c('Marseille', 43.2965, 5.3698, '13001'),
      c('Lyon', 45.764, 4.8357, '69001'),
      c('Toulouse', 43.6047, 1.4442, '31000'),
      c('Nice', 43.7102, 7.262, '06000'),
      c('Nantes', 47.2184, -1.5536, '44000'),
      c('Bordeaux', 44.8378, -0.5792, '33000'),
      c('Saint-Étienne', 45.4397, 4.3872, '42000'),
    ],
  },
  {
    code: 'IT',
    name: 'Italy',
    phonePrefix: '+39',
    street: 'Via Roma',
    cities: [
      c('Roma', 41.9028, 12.4964, '00184'),
      c('Milano', 45.4642, 9.19, '20121'),
      c('Napoli', 40.8518, 14.2681, '80133'),
      c('Torino', 45.0703, 7.6869, '10121'),
      c('Firenze', 43.7696, 11.2558, '50122'),
      c('Bologna', 44.4949, 11.3426, '40121'),
    ],
  },
  {
    code: 'ES',
    name: 'Spain',
    phonePrefix: '+34',
    street: 'Calle Mayor',
    cities: [
      c('Madrid', 40.4168, -3.7038, '28013'),
      c('Barcelona', 41.3874, 2.1686, '08002'),
      c('València', 39.4699, -0.3763, '46002'),
      c('Sevilla', 37.3891, -5.9845, '41004'),
      c('Málaga', 36.7213, -4.4214, '29015'),
      c('Bilbao', 43.263, -2.935, '48005'),
    ],
  },
  {
    code: 'NL',
    name: 'Netherlands',
    phonePrefix: '+31',
    street: 'Kerkstraat',
    cities: [
      c('Amsterdam', 52.3676, 4.9041, '1012 JS'),
      c('Rotterdam', 51.9244, 4.4777, '3011 AD'),
      c('Den Haag', 52.0705, 4.3007, '2511 BT'),
      c('Utrecht', 52.0907, 5.1214, '3511 LX'),
      c('Eindhoven', 51.4416, 5.4697, '5611 EM'),
    ],
  },
  {
    code: 'SE',
    name: 'Sweden',
    phonePrefix: '+46',
    street: 'Storgatan',
    cities: [
      c('Stockholm', 59.3293, 18.0686, '111 29'),
      c('Göteborg', 57.7089, 11.9746, '411 04'),
      c('Malmö', 55.605, 13.0038, '211 22'),
      c('Uppsala', 59.8586, 17.6389, '753 10'),
    ],
  },
  {
    code: 'NO',
    name: 'Norway',
    phonePrefix: '+47',
    street: 'Storgata',
    cities: [
      c('Oslo', 59.9139, 10.7522, '0150'),
      c('Bergen', 60.3913, 5.3221, '5003'),
      c('Trondheim', 63.4305, 10.3951, '7011'),
      c('Tromsø', 69.6492, 18.9553, '9008'),
    ],
  },
  {
    code: 'DK',
    name: 'Denmark',
    phonePrefix: '+45',
    street: 'Vestergade',
    cities: [
      c('København', 55.6761, 12.5683, '1050'),
      c('Aarhus', 56.1629, 10.2039, '8000'),
      c('Odense', 55.4038, 10.4024, '5000'),
      c('Aalborg', 57.0488, 9.9217, '9000'),
    ],
  },
  {
    code: 'CA',
    name: 'Canada',
    phonePrefix: '+1',
    street: 'King Street',
    cities: [
      c('Toronto', 43.6532, -79.3832, 'M5H 2N2'),
      c('Montréal', 45.5017, -73.5673, 'H2Y 1C6'),
      c('Vancouver', 49.2827, -123.1207, 'V6B 1A1'),
      c('Calgary', 51.0447, -114.0719, 'T2P 1J9'),
      c('Ottawa', 45.4215, -75.6972, 'K1P 1J1'),
      c("St. John's", 47.5615, -52.7126, 'A1C 1A1'),
    ],
  },
  {
    code: 'AU',
    name: 'Australia',
    phonePrefix: '+61',
    street: 'George Street',
    cities: [
      c('Sydney', -33.8688, 151.2093, '2000'),
      c('Melbourne', -37.8136, 144.9631, '3000'),
      c('Brisbane', -27.4698, 153.0251, '4000'),
      c('Perth', -31.9505, 115.8605, '6000'),
      c('Adelaide', -34.9285, 138.6007, '5000'),
    ],
  },
  {
    code: 'CH',
    name: 'Switzerland',
    phonePrefix: '+41',
    street: 'Bahnhofstrasse',
    cities: [
      c('Zürich', 47.3769, 8.5417, '8001'),
      c('Genève', 46.2044, 6.1432, '1201'),
      c('Basel', 47.5596, 7.5886, '4051'),
      c('Bern', 46.948, 7.4474, '3011'),
    ],
  },
  {
    code: 'TR',
    name: 'Türkiye',
    phonePrefix: '+90',
    street: 'Atatürk Caddesi',
    cities: [
      c('İstanbul', 41.0082, 28.9784, '34110'),
      c('Ankara', 39.9334, 32.8597, '06050'),
      c('İzmir', 38.4237, 27.1428, '35210'),
      c('Antalya', 36.8969, 30.7133, '07100'),
      c('Bursa', 40.1885, 29.061, '16010'),
    ],
  },
  {
    code: 'IN',
    name: 'India',
    phonePrefix: '+91',
    street: 'MG Road',
    cities: [
      c('Mumbai', 19.076, 72.8777, '400001'),
      c('Delhi', 28.7041, 77.1025, '110001'),
      c('Bengaluru', 12.9716, 77.5946, '560001'),
      c('Hyderabad', 17.385, 78.4867, '500001'),
      c('Chennai', 13.0827, 80.2707, '600001'),
      c('Kolkata', 22.5726, 88.3639, '700001'),
    ],
  },
  {
    code: 'RS',
    name: 'Serbia',
    phonePrefix: '+381',
    street: 'Knez Mihailova',
    cities: [
      c('Београд', 44.7866, 20.4489, '11000'),
      c('Novi Sad', 45.2671, 19.8335, '21000'),
      c('Niš', 43.3209, 21.8958, '18000'),
    ],
  },
  {
    code: 'JP',
    name: 'Japan',
    phonePrefix: '+81',
    street: 'Chuo-dori',
    cities: [
      c('東京', 35.6762, 139.6503, '100-0001'),
      c('大阪', 34.6937, 135.5023, '530-0001'),
      c('京都', 35.0116, 135.7681, '600-8001'),
      c('Sapporo', 43.0618, 141.3545, '060-0001'),
    ],
  },
  {
    code: 'BR',
    name: 'Brazil',
    phonePrefix: '+55',
    street: 'Avenida Paulista',
    cities: [
      c('São Paulo', -23.5505, -46.6333, '01310-100'),
      c('Rio de Janeiro', -22.9068, -43.1729, '20040-002'),
      c('Brasília', -15.7975, -47.8919, '70040-010'),
      c('Salvador', -12.9777, -38.5016, '40020-000'),
    ],
  },
];
