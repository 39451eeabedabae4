// Spanish edition of content/services.ts (issue 40): the six service cards of
// the home page. Same ids, icons, colours and routes as the English cards; the
// route paths stay English and are mapped to /es/ at render time.
import type { ServiceCard } from '../services';

export const serviceCards: readonly ServiceCard[] = [
  {
    id: 'cipp-lining',
    title: 'Revestimiento de tuberías CIPP con curado por luz azul',
    description:
      'Pasamos un revestimiento saturado de resina por dentro de su tubería vieja y lo curamos en sitio con luz LED azul, lo que deja una tubería nueva sin uniones dentro de la anterior. El CIPP repara el 90% de los problemas de tubería.',
    features: [
      'La mayoría de los trabajos del mismo día se terminan en 4–8 horas',
      'Vida útil del revestimiento de más de 50 años',
      'Garantía de por vida en las instalaciones de revestimiento',
    ],
    icon: 'liner',
    color: 'blue',
    href: '/services/cipp-lining',
  },
  {
    id: 'pipe-bursting',
    title: 'Reemplazo por estallido de tubería (pipe bursting)',
    description:
      'Cuando la tubería está demasiado colapsada para revestirla, un cabezal de estallido rompe la línea vieja y jala una tubería nueva de HDPE a su lugar a través de dos pequeñas fosas de acceso.',
    features: [
      'Fosas de acceso de unos 3 × 3 pies',
      '1–2 días en lugar de 1–2 semanas de excavar y reemplazar',
      'Se puede aumentar el diámetro de la línea al reemplazarla',
    ],
    icon: 'burst',
    color: 'orange',
    href: '/services/pipe-bursting',
  },
  {
    id: 'epoxy-coating',
    title: 'Recubrimiento epóxico de tuberías',
    description:
      'Una capa de epóxico aplicada por aspersión sella las picaduras y la corrosión dentro de las líneas de drenaje y ventilación, incluidos los ramales más pequeños, demasiado angostos para revestirlos.',
    features: ['Trabajos de 4–6 horas', 'Alarga la vida de la tubería 20–30 años', 'Sin abrir paredes ni pisos'],
    icon: 'epoxy',
    color: 'purple',
    href: '/services/epoxy-coating',
  },
  {
    id: 'drain-inspections',
    title: 'Inspección de drenaje con cámara',
    description:
      'Una cámara de alta definición recorre su línea de punta a punta para que usted vea exactamente qué está mal y dónde, antes de que alguien le cotice una reparación.',
    features: [
      'Inspección con cámara gratis con cualquier cotización',
      'Usted se queda con el video grabado',
      'Localización para ubicar la profundidad y la posición exactas',
    ],
    icon: 'camera',
    color: 'teal',
    href: '/services/drain-inspections',
  },
  {
    id: 'hydro-jetting',
    title: 'Hidrolimpieza a alta presión (hydro-jetting)',
    description:
      'El agua a alta presión arranca la grasa, el sarro y las raíces hasta dejar limpia la pared de la tubería. Destapa obstrucciones difíciles y prepara la línea para el revestimiento.',
    features: [
      'Elimina raíces, grasa y sarro de agua dura',
      'Segura para hierro fundido, barro y PVC',
      'Servicio el mismo día, los 7 días de la semana',
    ],
    icon: 'jet',
    color: 'green',
  },
  {
    id: 'sewer-repair',
    title: 'Reparación de línea de drenaje y reparaciones puntuales',
    description:
      'Cuando solo una sección está dañada, un revestimiento seccional corto o una reparación puntual arregla la rotura o la unión desalineada sin revestir todo el tramo.',
    features: [
      'Arregla una sola grieta, rotura o unión desalineada',
      'La reparación sin zanja cuesta 30–50% menos que el reemplazo',
      'Verificada con cámara antes y después',
    ],
    icon: 'wrench',
    color: 'red',
  },
];
