/** Demo after-sales content: the unit-type catalogue and realistic ticket texts. */
type Detail = [name: string, severity: 'leve' | 'moderada' | 'grave'];
type Item = { name: string; category: 'terminaciones' | 'instalaciones' | 'estructura'; failures: Detail[] };
type Place = { name: string; items: Item[] };
export type AreaSeed = { name: string; places: Place[] };

export const demoCatalogue: AreaSeed[] = [
  {
    name: 'Cocina',
    places: [
      {
        name: 'Muebles',
        items: [
          {
            name: 'Puerta de mueble',
            category: 'terminaciones',
            failures: [
              ['Puerta descuadrada', 'leve'],
              ['Bisagra suelta', 'leve'],
            ],
          },
          {
            name: 'Cubierta',
            category: 'terminaciones',
            failures: [
              ['Cubierta trizada', 'moderada'],
              ['Sello de silicona deficiente', 'leve'],
            ],
          },
        ],
      },
      {
        name: 'Instalación sanitaria',
        items: [
          {
            name: 'Lavaplatos',
            category: 'instalaciones',
            failures: [
              ['Filtración bajo lavaplatos', 'moderada'],
              ['Desagüe lento', 'leve'],
            ],
          },
          { name: 'Llave de paso', category: 'instalaciones', failures: [['Llave de paso con goteo', 'leve']] },
        ],
      },
      {
        name: 'Instalación eléctrica',
        items: [
          {
            name: 'Enchufe',
            category: 'instalaciones',
            failures: [
              ['Enchufe sin energía', 'moderada'],
              ['Tapa de enchufe suelta', 'leve'],
            ],
          },
        ],
      },
    ],
  },
  {
    name: 'Baño principal',
    places: [
      {
        name: 'Artefactos sanitarios',
        items: [
          {
            name: 'Inodoro',
            category: 'instalaciones',
            failures: [
              ['Estanque no corta el agua', 'leve'],
              ['Filtración en la base', 'moderada'],
            ],
          },
          { name: 'Tina', category: 'terminaciones', failures: [['Sello de tina deficiente', 'leve']] },
        ],
      },
      {
        name: 'Revestimientos',
        items: [
          {
            name: 'Cerámica de muro',
            category: 'terminaciones',
            failures: [
              ['Cerámica suelta', 'leve'],
              ['Fragüe con hongos', 'leve'],
            ],
          },
        ],
      },
    ],
  },
  {
    name: 'Living-comedor',
    places: [
      {
        name: 'Piso',
        items: [
          {
            name: 'Piso flotante',
            category: 'terminaciones',
            failures: [
              ['Piso levantado', 'moderada'],
              ['Piso rayado', 'leve'],
            ],
          },
        ],
      },
      {
        name: 'Ventanas',
        items: [
          {
            name: 'Ventana de aluminio',
            category: 'terminaciones',
            failures: [
              ['Ventana no cierra', 'moderada'],
              ['Filtración de agua lluvia', 'grave'],
            ],
          },
        ],
      },
      {
        name: 'Muros',
        items: [
          {
            name: 'Muro de hormigón',
            category: 'estructura',
            failures: [
              ['Fisura en muro', 'grave'],
              ['Grieta estructural', 'grave'],
            ],
          },
        ],
      },
    ],
  },
  {
    name: 'Dormitorio principal',
    places: [
      {
        name: 'Closet',
        items: [{ name: 'Puerta de closet', category: 'terminaciones', failures: [['Puerta descolgada', 'leve']] }],
      },
      {
        name: 'Cielo',
        items: [
          { name: 'Cielo de yeso', category: 'terminaciones', failures: [['Mancha de humedad en cielo', 'moderada']] },
          { name: 'Losa', category: 'estructura', failures: [['Fisura en losa', 'grave']] },
        ],
      },
    ],
  },
  {
    name: 'Terraza',
    places: [
      {
        name: 'Baranda',
        items: [
          { name: 'Baranda de vidrio', category: 'terminaciones', failures: [['Vidrio de baranda suelto', 'grave']] },
        ],
      },
      {
        name: 'Desagüe',
        items: [{ name: 'Gárgola', category: 'instalaciones', failures: [['Gárgola obstruida', 'moderada']] }],
      },
    ],
  },
];

/** Chile's legal terms (docs/product.md#failure-guarantee): finishes 3 years, installations 5, structure 10. */
export const chileWarrantyTerms = { terminaciones: 3, instalaciones: 5, estructura: 10 } as const;

export const ticketSubjects = [
  'Filtración en baño principal',
  'Puerta de cocina descuadrada',
  'Humedad en cielo del dormitorio',
  'Ventana del living no cierra',
  'Fisura en muro del living',
  'Enchufe de cocina sin energía',
  'Piso flotante levantado',
  'Cerámica suelta en baño',
  'Estanque del inodoro no corta',
  'Gárgola de terraza obstruida',
  'Desagüe lento en lavaplatos',
  'Puerta de closet descolgada',
];

export const ownerMessages = [
  'Buenos días, al ducharnos aparece agua en el piso del pasillo junto al baño.',
  'La puerta del mueble bajo el lavaplatos no cierra desde la entrega.',
  'Se formó una mancha oscura en el cielo del dormitorio después de las lluvias.',
  'La ventana corredera del living se traba y no logra cerrar completamente.',
  'Apareció una fisura diagonal en el muro del living, junto a la ventana.',
  'El enchufe doble junto a la cocina dejó de funcionar.',
];

export const staffReplies = [
  'Hemos recibido su solicitud. Coordinaremos una visita de inspección a la brevedad.',
  'Le informamos que agendamos una visita técnica; recibirá un correo para confirmarla.',
  'Gracias por su paciencia, el contratista realizará la reparación esta semana.',
];

export const privateNotes = [
  'Revisar si corresponde a garantía del instalador sanitario.',
  'El propietario reportó lo mismo en la entrega; ver acta.',
  'Coordinar con el subcontrato de ventanas antes de agendar.',
];
