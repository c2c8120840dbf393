export default 'Nueva contraseña | Panel CMS'
