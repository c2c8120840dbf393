export default 'Acceso | Panel CMS'
