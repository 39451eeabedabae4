// Spanish edition of content/eras.ts (issue 40): the hero's pipe-era panel.
// Same ids, build years and risk levels as the English eras.
import type { PipeEra } from '../eras';

export const pipeEras: readonly PipeEra[] = [
  {
    id: 'cast-iron',
    years: '1960–1975',
    pipeType: 'Hierro fundido',
    riskLevel: 'high',
    riskNote:
      'Se corroe de adentro hacia afuera; el calor del Valle y el agua dura aceleran el sarro, las grietas y la corrosión en el fondo del tubo bajo la losa.',
  },
  {
    id: 'orangeburg',
    years: '1945–1972',
    pipeType: 'Orangeburg (papel alquitranado)',
    riskLevel: 'critical',
    riskNote:
      'Fibra de madera prensada y alquitrán de hulla que se ampolla, se aplana y se colapsa; casi toda ya pasó su vida útil de 50 años.',
  },
  {
    id: 'clay',
    years: 'Antes de 1950',
    pipeType: 'Barro vitrificado',
    riskLevel: 'high',
    riskNote:
      'Las uniones, cada pocos pies, se mueven con el suelo y se agrietan, y dejan entrar raíces y arena a la línea.',
  },
  {
    id: 'root-intrusion',
    years: 'Cualquier edad',
    pipeType: 'Intrusión de raíces',
    riskLevel: 'medium',
    riskNote:
      'Las raíces sedientas de mezquite, palo verde, ficus y cítricos encuentran la unión con la fuga más pequeña, incluso en tubería más nueva.',
  },
];
