export default 'Panel de Administración | Panel CMS'
